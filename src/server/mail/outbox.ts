import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sentEmails } from "../db/schema/index.ts";
import type { Jobs } from "../jobs/queue.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

export const MAIL_QUEUE = "mail.send";
const ACCOUNT_MAIL_PRIORITY = 10;

export interface OutgoingMail {
  message: MailMessage;
  /** Scheduled mail: sent at most once per key, ever ("weekly:2026-11-29:<writer>"). */
  key?: string;
  /** Whose mail it is (the ledger row goes with the account). */
  userId?: string;
  /** What kind of mail, for the ledger and the dashboard ("weekly", "reset", …). */
  kind: string;
  /** Its job is deleted once sent, so the address is kept no longer than the send (account deletion). */
  forget?: boolean;
}

/** The RFC 8058 one-click unsubscribe headers for a POST-able unsubscribe URL. */
export function oneClickHeaders(postUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${postUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * Every email goes out through the queue: a request only records it, so a slow or failing SMTP
 * server never slows or fails a request, and a failed send is retried with backoff.
 */
export class Outbox {
  /** Mails this instance handed to the mail server, and attempts it refused or failed (GET /metrics). */
  sent = 0;
  refused = 0;

  constructor(
    private readonly jobs: Jobs,
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly host: string,
  ) {
    jobs.define<{ mail: OutgoingMail }>({ name: MAIL_QUEUE, retryLimit: 6, run: ({ mail }) => this.deliver(mail), forgetWhenDone: ({ mail }) => mail.forget === true });
  }

  /**
   * Records a mail to send; a keyed mail queued twice is queued once. Account mail (a reset link,
   * a confirmation: unkeyed) goes before scheduled mail, so it never waits behind a weekly batch.
   */
  async queue(mail: OutgoingMail): Promise<void> {
    await this.jobs.send(MAIL_QUEUE, { mail: mail as unknown as Record<string, unknown> }, mail.key ? { key: mail.key } : { priority: ACCOUNT_MAIL_PRIORITY });
  }

  private async send(message: MailMessage): Promise<void> {
    try {
      await this.mailer.send(message);
    } catch (err) {
      this.refused++;
      throw err;
    }
    this.sent++;
  }

  private async deliver(mail: OutgoingMail): Promise<void> {
    if (!mail.key) return this.send(mail.message);
    const key = mail.key;
    const [done] = await this.db.select({ key: sentEmails.key }).from(sentEmails).where(eq(sentEmails.key, key)).limit(1);
    if (done) return;
    // The same Message-ID on every attempt: a mail program that got an attempt we could not record drops the copy.
    const messageId = `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@${this.host}>`;
    await this.send({ ...mail.message, messageId });
    await this.db
      .insert(sentEmails)
      .values({ key, userId: mail.userId ?? null, kind: mail.kind })
      .onConflictDoNothing();
  }
}
