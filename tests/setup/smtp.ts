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
  /** Messages whose whole text has arrived (accepted, refused, or still held). */
  let held = 0;
  /** From this message on (counted as `held`), messages wait for `release()` before an answer. */
  let holdFrom: number | null = null;
  const heldBack: { finish: () => void; sessionId: string }[] = [];
  // Sessions whose client went away: a message still held is then never delivered (as a real server would not).
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onClose(session) {
      closed.add(session.id);
      for (const w of waiters) w();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        held++;
        for (const w of waiters) w();
        if (holdFrom !== null && held >= holdFrom) heldBack.push({ finish, sessionId: session.id });
        else setTimeout(finish, acceptDelayMs);
      });
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
    /** Resolves when at least `count` messages have been accepted. */
    waitFor(count: number, limitMs = 20_000): Promise<ReceivedMail[]> {
      return until(() => received.length >= count, () => `expected ${count} mails, got ${received.length}`, limitMs).then(() => received);
    },
    /** Resolves when the text of at least `count` messages has arrived (the last may still be held, not yet accepted). */
    waitForHeld(count: number, limitMs = 20_000): Promise<void> {
      return until(() => held >= count, () => `expected ${count} messages sent, got ${held}`, limitMs);
    },
    /** Holds the `n`-th message (counted as `waitForHeld` counts) and every later one without an answer until `release()`. */
    holdFrom(n: number) {
      holdFrom = n;
    },
    /** Resolves when the client of every held-back message has gone away. */
    clientsGone(limitMs = 20_000): Promise<void> {
      return until(() => heldBack.every((h) => closed.has(h.sessionId)), () => "a held message's client is still connected", limitMs);
    },
    /** Answers the held-back messages (a message whose client went away is dropped) and stops holding. */
    release() {
      holdFrom = null;
      for (const h of heldBack.splice(0)) h.finish();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  /** Resolves once `done()` holds, checking on every message event (and every 250 ms). */
  async function until(done: () => boolean, failure: () => string, limitMs: number): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(failure());
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 250);
        waiters.add(wake);
      });
    }
  }
}
