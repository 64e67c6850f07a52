import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** A stable Message-ID for keyed mail, so a mail program can drop a duplicate. */
  messageId?: string;
  /** The link the message exists for, logged when mail goes to files. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

function envelope(from: string, m: MailMessage) {
  return { from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers, messageId: m.messageId };
}

/** Real SMTP delivery; a server that does not answer fails the attempt (the queue retries it). */
export function smtpMailer(url: string, from: string): Mailer {
  const timeouts = new URL(url);
  // A server that does not answer fails the attempt instead of holding the job for minutes.
  for (const [k, v] of [["connectionTimeout", "20000"], ["greetingTimeout", "15000"], ["socketTimeout", "30000"]] as const) {
    if (!timeouts.searchParams.has(k)) timeouts.searchParams.set(k, v);
  }
  const transport = nodemailer.createTransport(timeouts.toString());
  return {
    async send(m) {
      await transport.sendMail(envelope(from, m));
    },
  };
}

/**
 * Without SMTP_URL every message is written to DATA_DIR/mail/ as a real .eml file (open it with
 * any mail program) and its link is logged, so a local install can reset passwords.
 */
export function fileMailer(dir: string, from: string, log = true): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let seq = 0;
  return {
    async send(m) {
      mkdirSync(dir, { recursive: true });
      const info = await transport.sendMail(envelope(from, m));
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = join(dir, `${stamp}-${process.pid}-${++seq}.eml`);
      writeFileSync(file, info.message as Buffer);
      if (log) {
        console.log(JSON.stringify({ level: "info", msg: "mail written", to: m.to, subject: m.subject, file, link: m.link }));
      }
    },
  };
}
