import type { Locale } from "@nc/contracts/locales";
import type { SiteInfo } from "@nc/contracts/site";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../core/db";
import { emailOutbox } from "../../db/schema/index";
import { type EmailTemplate, renderEmail } from "./templates";

export interface MailRequest {
  partnerId: string | null;
  site: SiteInfo;
  to: string;
  locale: Locale;
  template: EmailTemplate;
  params?: Record<string, string | number>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from?: string;
}

/**
 * Sends e-mail over SMTP when SMTP_URL is set; otherwise the outbox table and the log are where the
 * messages go, so sign-up works in the quick start with no mail server. Delivery happens after the
 * request has been answered, so a slow mail server never slows a request or reveals anything by timing.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, options: MailerOptions) {
  let transport: import("nodemailer").Transporter | undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(id: string, from: string, to: string, message: ReturnType<typeof renderEmail>) {
    if (!options.smtpUrl) {
      log.info(
        { outbox: { to, subject: message.subject, text: message.text } },
        "e-mail written to the local outbox",
      );
      await db.update(emailOutbox).set({ status: "logged" }).where(eq(emailOutbox.id, id));
      return;
    }
    try {
      if (!transport) {
        const nodemailer = await import("nodemailer");
        transport = nodemailer.createTransport(options.smtpUrl);
      }
      await transport.sendMail({
        from,
        to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await db.update(emailOutbox).set({ status: "sent", sentAt: new Date() }).where(eq(emailOutbox.id, id));
    } catch (error) {
      log.error({ err: error, outboxId: id }, "e-mail delivery failed");
      await db
        .update(emailOutbox)
        .set({ status: "failed", error: String((error as Error).message ?? error) })
        .where(eq(emailOutbox.id, id));
    }
  }

  function track(job: Promise<void>) {
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }

  return {
    async send(request: MailRequest): Promise<void> {
      const message = renderEmail(request.template, request.locale, request.site, request.params ?? {});
      const id = uuidv7();
      await db.insert(emailOutbox).values({
        id,
        partnerId: request.partnerId,
        recipient: request.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        status: "queued",
      });
      const from = options.from ?? `"${request.site.name.replace(/"/g, "")}" <${request.site.email}>`;
      track(
        deliver(id, from, request.to, message).catch((error) =>
          log.error({ err: error }, "outbox update failed"),
        ),
      );
    },
    /**
     * Runs work that ends in an e-mail once the request has been answered: what the work finds
     * (say, whether an account holds the address) then changes neither the answer nor its timing
     * (docs/security.md, "Sign-in, codes and lockout"). A failure is logged, as a failed delivery is.
     */
    later(task: () => Promise<void>): void {
      track(
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((error) => log.error({ err: error }, "e-mail preparation failed")),
      );
    },
    /** Waits for deliveries and later work in flight, and for what they start (graceful shutdown, tests). */
    async flush(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
