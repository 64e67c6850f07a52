import { expect } from "vitest";

export interface SseMessage {
  event: string;
  id?: string;
  data: string;
  comment?: string;
}

/** Reads Server-Sent Events from a fetch Response, one message at a time (a test client for GET /api/events). */
export class SseReader {
  private buffer = "";
  private messages: SseMessage[] = [];
  /** Every message received so far, also those `next` skipped. */
  readonly seen: SseMessage[] = [];
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private decoder = new TextDecoder();
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  ended = false;

  constructor(res: Response) {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    this.reader = res.body!.getReader();
  }

  private parse() {
    let cut: number;
    while ((cut = this.buffer.indexOf("\n\n")) >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      const msg: SseMessage = { event: "message", data: "" };
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) msg.comment = line.slice(1).trim();
        else if (line.startsWith("event: ")) msg.event = line.slice(7);
        else if (line.startsWith("id: ")) msg.id = line.slice(4);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
        else if (line.startsWith("retry: ")) msg.event = "retry";
      }
      msg.data = data.join("\n");
      if (msg.comment !== undefined) msg.event = "comment";
      this.messages.push(msg);
      this.seen.push(msg);
    }
  }

  /** The next message matching `match` (others before it are skipped). */
  async next(match: (m: SseMessage) => boolean = () => true, timeoutMs = 5000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.messages.findIndex(match);
      if (i >= 0) {
        const [m] = this.messages.splice(0, i + 1).slice(-1);
        return m!;
      }
      if (this.ended) throw new Error("the stream ended");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      this.pending ??= this.reader.read();
      const result = await Promise.race([this.pending, new Promise<null>((r) => setTimeout(() => r(null), left))]);
      if (!result) continue;
      this.pending = null;
      if (result.done) this.ended = true;
      else {
        this.buffer += this.decoder.decode(result.value, { stream: true });
        this.parse();
      }
    }
  }

  async waitForEnd(timeoutMs = 5000): Promise<void> {
    await this.next(() => false, timeoutMs).catch((err: Error) => {
      if (!this.ended) throw err;
    });
  }

  async close() {
    await this.reader.cancel().catch(() => undefined);
  }
}

/** Matches the messages of one event type. */
export const type = (event: string) => (m: SseMessage) => m.event === event;
