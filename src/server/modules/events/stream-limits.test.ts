import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { SseReader, type } from "#tests/setup/sse-reader.ts";
import { MAX_BUFFERED_BYTES, MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_ADDRESS } from "./stream-limits.ts";

let t: TestApp;
let writer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  writer = await createUser(t, { name: "Limit Writer" });
  baseline = openStreams();
});
afterAll(async () => t?.close());

/** Live streams the server still holds open (each listens on the bus). */
const openStreams = () => (t.deps.realtime as unknown as { listeners: Set<unknown> }).listeners.size;

/** Closes streams and waits until the server has seen them end (their slots are free again). */
async function closeAll(streams: { sse?: SseReader }[], stillOpen = 0) {
  for (const o of streams) await o.sse?.close();
  await expect.poll(openStreams).toBe(baseline + stillOpen);
}
let baseline = 0;

/** Opens a live stream and waits until it is caught up. */
async function openReady(headers: Record<string, string> = {}, cookie?: string) {
  const res = await t.request("/api/events", { headers, cookie: cookie ?? null });
  if (res.status !== 200) return { status: res.status, body: await res.json(), retryAfter: res.headers.get("retry-after") };
  const sse = new SseReader(res);
  await sse.next(type("ready"));
  return { status: 200, sse };
}

describe("live stream limits", () => {
  it(`lets one account hold ${MAX_STREAMS_PER_ACCOUNT} streams, refuses the next with 429, and frees a slot when one closes`, async () => {
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) open.push(await openReady({}, writer.cookie));
    expect(open.every((o) => o.status === 200)).toBe(true);
    const refused = await openReady({}, writer.cookie);
    expect(refused).toMatchObject({
      status: 429,
      body: { code: "too_many_streams", message: "Too many live connections from here. Close a few tabs and try again in 30 seconds." },
      retryAfter: "30",
    });
    // The slot is freed when the server sees the stream end; the next open then succeeds.
    await closeAll([open.pop()!], MAX_STREAMS_PER_ACCOUNT - 1);
    const again = await openReady({}, writer.cookie);
    expect(again.status).toBe(200);
    open.push(again);
    await closeAll(open);
  });

  it(`lets one address hold ${MAX_STREAMS_PER_ADDRESS} streams and refuses the next`, async () => {
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_ADDRESS; i++) open.push(await openReady());
    expect(open.every((o) => o.status === 200)).toBe(true);
    expect((await openReady()).status).toBe(429);
    await closeAll(open);
  });

  it("drops a stream whose client stopped reading once too much waits for it", async () => {
    let buffered = 0;
    let destroyed = false;
    const outgoing = { get writableLength() { return buffered; }, destroy: () => void (destroyed = true) };
    const res = await t.app.request("/api/events", { headers: { origin: "http://localhost:3000" } }, { outgoing });
    const sse = new SseReader(res);
    await sse.next(type("ready"));
    // The socket now holds more than the cap: the next event ends the stream instead of queueing.
    buffered = MAX_BUFFERED_BYTES + 1;
    const piece = await createSubmission(t, await createUser(t, { name: "Piece Writer" }), { promptId: (await createPrompt(t, { date: "2004-02-03" })).id });
    expect((await t.request(`/api/community/pieces/${piece.id}/like`, { method: "PUT", cookie: writer.cookie })).status).toBe(200);
    await sse.waitForEnd();
    expect(destroyed).toBe(true);
  });
});
