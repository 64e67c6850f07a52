import { describe, expect, it } from "vitest";
import type { SubmissionResponse } from "#shared/schemas/writing.ts";
import { drainQueue, enqueue, queuedHere, retryDelay, type QueuedPiece, type QueueStore, type SendResult, type TryLock } from "./queue.ts";

function memoryStore(): QueueStore & { items: Map<string, QueuedPiece> } {
  const items = new Map<string, QueuedPiece>();
  return {
    items,
    all: async () => [...items.values()],
    get: async (key) => items.get(key),
    put: async (item) => void items.set(item.key, item),
    remove: async (key) => void items.delete(key),
  };
}

/** Web Locks' ifAvailable, shared by the "tabs" of one test. */
function locks(): TryLock {
  const held = new Set<string>();
  return async (name, run) => {
    if (held.has(name)) return null;
    held.add(name);
    try {
      return await run();
    } finally {
      held.delete(name);
    }
  };
}

let n = 0;
const piece = (over: Partial<QueuedPiece> = {}): QueuedPiece => ({
  key: `key-${++n}`,
  owner: "writer-a",
  page: "write",
  action: "publish",
  title: "",
  content: "Words written on a train.",
  signature: "name",
  contentWarning: null,
  promptId: null,
  writingSession: "",
  sessionStartedAt: null,
  queuedAt: n,
  ...over,
});
const response = (id: string) => ({ submission: { id } }) as unknown as SubmissionResponse;
const mine = (i: QueuedPiece) => i.owner === "writer-a";

describe("the offline queue", () => {
  it("sends the writer's waiting pieces oldest first and forgets each once sent; another writer's stay", async () => {
    const store = memoryStore();
    const [a, b, other] = [piece(), piece(), piece({ owner: "writer-b" })];
    for (const p of [b, a, other]) await store.put(p);
    const sent: string[] = [];
    const r = await drainQueue(store, locks(), async (i) => (sent.push(i.key), { kind: "sent", response: response(i.key) }), mine);
    expect(sent).toEqual([a.key, b.key]);
    expect(r.sent.map((s) => s.item.key)).toEqual([a.key, b.key]);
    expect([...store.items.keys()]).toEqual([other.key]);
  });

  it("keeps a refused piece, with the server's reason and its text, until the page has shown it", async () => {
    const store = memoryStore();
    const p = piece();
    await store.put(p);
    const r = await drainQueue(store, locks(), async () => ({ kind: "refused", message: "Publish failed: suspended" }), mine);
    expect(r.refused).toHaveLength(1);
    expect(store.items.get(p.key)).toMatchObject({ refused: "Publish failed: suspended", content: p.content });
    // Not sent again: it waits for the page.
    const again = await drainQueue(store, locks(), async () => expect.unreachable(), mine);
    expect(again).toEqual({ sent: [], refused: [], waiting: 0 });
  });

  it("stops at the first failure to connect and keeps everything for the next try", async () => {
    const store = memoryStore();
    await store.put(piece());
    await store.put(piece());
    let tries = 0;
    const r = await drainQueue(store, locks(), async (): Promise<SendResult> => (tries++, { kind: "retry" }), mine);
    expect(tries).toBe(1);
    expect(r.waiting).toBe(2);
    expect(store.items.size).toBe(2);
  });

  it("never sends one piece twice from two tabs draining at once", async () => {
    const store = memoryStore();
    for (let i = 0; i < 3; i++) await store.put(piece());
    const lock = locks();
    const sends: string[] = [];
    const send = async (i: QueuedPiece): Promise<SendResult> => {
      sends.push(i.key);
      await new Promise((r) => setTimeout(r, 5));
      return { kind: "sent", response: response(i.key) };
    };
    await Promise.all([drainQueue(store, lock, send, mine), drainQueue(store, lock, send, mine)]);
    expect(sends.sort()).toEqual([...new Set(sends)].sort());
    expect(sends).toHaveLength(3);
    expect(store.items.size).toBe(0);
  });

  it("does not send a piece another tab sent between the listing and the lock", async () => {
    const store = memoryStore();
    const p = piece();
    await store.put(p);
    const gone: QueueStore = { ...store, get: async () => undefined };
    const r = await drainQueue(gone, locks(), async () => expect.unreachable(), mine);
    expect(r.sent).toEqual([]);
  });

  it("waits longer after each failed try, at most a minute", () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 60000]);
  });
});

describe("which page sends a waiting piece", () => {
  it("a write-in's page sends only what was queued in that write-in, and /write only its own", async () => {
    const onWrite = piece();
    const inWriteIn = piece({ scope: "write-in-42" });
    const inOther = piece({ scope: "write-in-7" });
    const inWriteInPage = (i: QueuedPiece) => queuedHere(i, "writer-a", "write", "write-in-42");
    expect([onWrite, inWriteIn, inOther].filter(inWriteInPage)).toEqual([inWriteIn]);
    expect([onWrite, inWriteIn, inOther].filter((i) => queuedHere(i, "writer-a", "write", "write"))).toEqual([onWrite]);
    // Through the drain: the write-in's page leaves /write's piece waiting (its session is not the write-in's).
    const store = memoryStore();
    for (const p of [onWrite, inWriteIn]) await store.put(p);
    const sent: string[] = [];
    await drainQueue(store, locks(), async (i) => (sent.push(i.key), { kind: "sent", response: response(i.key) }), inWriteInPage);
    expect(sent).toEqual([inWriteIn.key]);
    expect([...store.items.keys()]).toEqual([onWrite.key]);
  });
});

describe("queueing a piece pressed again", () => {
  it("never takes a piece waiting in another scope for a twin (an admin's, with no session, on /write and in a write-in)", async () => {
    const store = memoryStore();
    const onWrite = piece({ writingSession: "" });
    await enqueue(store, onWrite);
    const inWriteIn = await enqueue(store, piece({ writingSession: "", scope: "write-in-42" }));
    expect(inWriteIn.key).not.toBe(onWrite.key);
    expect([...store.items.keys()].sort()).toEqual([onWrite.key, inWriteIn.key].sort());
  });

  it("keeps one waiting piece, with its first key, when the same text is pressed again after a reload", async () => {
    const store = memoryStore();
    const first = piece({ writingSession: "session-1" });
    await enqueue(store, first);
    const again = await enqueue(store, piece({ writingSession: "session-1" }));
    expect(again.key).toBe(first.key);
    expect([...store.items.keys()]).toEqual([first.key]);
  });

  it("replaces the waiting version when its text changed under the same writing session; other pieces stay", async () => {
    const store = memoryStore();
    const before = piece({ writingSession: "session-1", content: "First version." });
    const another = piece({ writingSession: "session-0", content: "An earlier piece, still waiting." });
    const elsewhere = piece({ writingSession: "session-1", page: "freewrite" });
    for (const i of [before, another, elsewhere]) await enqueue(store, i);
    const edited = piece({ writingSession: "session-1", content: "First version, edited." });
    await enqueue(store, edited);
    expect([...store.items.keys()].sort()).toEqual([another.key, elsewhere.key, edited.key].sort());
  });
});
