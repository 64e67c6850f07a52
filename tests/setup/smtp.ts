import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on a free local port for tests: the app's nodemailer delivers to it over
 * TCP and each message is parsed as a mail program would. `failNext(n)` refuses the next n
 * messages with a temporary error (451), as a struggling server does. `acceptDelayMs` holds each
 * message that long before accepting it (a slow server: a batch takes a while).
 */
export async function startSmtp({ acceptDelayMs = 0 } = {}) {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refuse = 0;
  // Sessions whose client went away: a message still held is then never delivered (as a real server would not).
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => void setTimeout(finish, acceptDelayMs));
      const finish = () => {
        if (closed.has(session.id)) return callback(new Error("client went away"));
        if (refuse > 0) {
          refuse--;
          const err = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(err);
        }
        void simpleParser(Buffer.concat(chunks)).then((parsed) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(", "), parsed });
          for (const w of waiters) w();
          callback();
        }, callback);
      };
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(n: number) {
      refuse = n;
    },
    /** Resolves when at least `count` messages have arrived. */
    async waitFor(count: number, limitMs = 20_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + limitMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(done, 250);
          waiters.add(done);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
