import type { SessionUser } from "@nc/contracts/auth";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DAY_MS } from "../../core/time";
import { randomToken, sha256 } from "../../core/tokens";
import { callerOf } from "../../http/caller";
import { readHostCookie, setHostCookie } from "../../http/context";
import { publicUrlFor } from "../../http/public-url";
import { deviceRepo } from "./device-repo";
import { sendSecurityAlert } from "./security-alert";
import { describeUserAgent } from "./user-agent";

/** The device cookie: a random id, kept long past any session (docs/security.md, "Sign-in alerts"). */
export const DEVICE_COOKIE = "device";
/** Browsers cap a cookie's life at 400 days; every sign-in starts it again. */
const DEVICE_COOKIE_DAYS = 400;
/** The page that lists the person's sessions, where the others can be signed out. */
const SESSIONS_PAGE = "/dashboard/profile";
/** A value the server could have set: anything else is treated as no cookie at all. */
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * Remembers the device a person signed in or registered from, and e-mails them when a sign-in
 * comes from one they have not used before. Registration only remembers: the first device is
 * the person's own. An account that has no device remembered yet (made before devices were
 * remembered) is not alerted either: every device would be new to it.
 */
export async function rememberDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  how: "signIn" | "register",
) {
  const held = readHostCookie(request, DEVICE_COOKIE);
  const deviceId = held && DEVICE_ID.test(held) ? held : randomToken();
  setHostCookie(reply, request, DEVICE_COOKIE, deviceId, new Date(Date.now() + DEVICE_COOKIE_DAYS * DAY_MS));
  const caller = callerOf(request);
  const device = describeUserAgent(caller.userAgent);
  const summary = [device.browser, device.os].filter(Boolean).join(", ") || null;
  const { isNew, othersKnown } = await deviceRepo(app.services.database.db).seen(
    user.id,
    sha256(deviceId),
    summary,
  );
  if (how === "register" || !isNew || !othersKnown) return;
  sendSecurityAlert(
    app.services,
    caller,
    user,
    "newDeviceSignIn",
    {},
    {
      origin: publicUrlFor(app, request),
      path: SESSIONS_PAGE,
    },
  );
}
