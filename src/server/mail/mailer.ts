import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the message exists for, logged when mail goes to files. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Real SMTP delivery. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
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
      const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = join(dir, `${stamp}-${process.pid}-${++seq}.eml`);
      writeFileSync(file, info.message as Buffer);
      if (log) {
        console.log(JSON.stringify({ level: "info", msg: "mail written", to: m.to, subject: m.subject, file, link: m.link }));
      }
    },
  };
}
