import type { SessionView } from "@nc/contracts/sessions";
import { AppError } from "../../core/app-error";
import type { Caller, ResolvedSession } from "../../core/request-context";
import type { Services } from "../../services";
import { describeUserAgent } from "./user-agent";

/**
 * A person's own sessions (docs/security.md, "Sessions"): the list with device, address and times,
 * and signing out one of them or all the others. Only the person's own rows are ever named: a
 * session id of someone else answers as not found, like one that does not exist.
 */
export function ownSessions(s: Services) {
  const meta = (caller: Caller) => ({ ip: caller.ip, userAgent: caller.userAgent });
  return {
    async list(session: ResolvedSession): Promise<SessionView[]> {
      const rows = await s.sessions.listForUser(session.user.id);
      return rows.map((row) => ({
        id: row.id,
        current: row.idHash === session.idHash,
        ...describeUserAgent(row.userAgent),
        ip: row.ip,
        // No outside geolocation service is asked: an address is not sent to a third party.
        place: null,
        signedInAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      }));
    },

    /** Signs out one session; the current one too, which is then a plain sign-out. */
    async end(caller: Caller, session: ResolvedSession, id: string) {
      const ended = await s.sessions.destroyOwn(session.user.id, id, async (runner) => {
        await s.audit.recordAccountEvent(runner, session.user.id, "auth.session_ended", meta(caller), {
          current: id === session.id,
        });
      });
      if (!ended) throw new AppError("notFound");
      return { ended: true, current: id === session.id };
    },

    async endOthers(caller: Caller, session: ResolvedSession) {
      const ended = await s.sessions.destroyAllForUser(session.user.id, session.idHash, async (runner, n) => {
        await s.audit.recordAccountEvent(runner, session.user.id, "auth.other_sessions_ended", meta(caller), {
          sessions: n,
        });
      });
      return { ended };
    },
  };
}
