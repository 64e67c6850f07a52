import { describe, expect, it } from "vitest";
import type { WriteInPanel, WriteInResults } from "#shared/schemas/write-ins.ts";
import { createSubmission, type TestUser } from "#tests/factories.ts";
import { SseReader, type SseMessage } from "#tests/setup/sse-reader.ts";
import { call, confirmedWriter, count, endOf, joined, MINUTE, schedule, setClock, startOf, t, useWriteInsApp } from "./test-helpers.ts";

/*
 * Blocks apply in write-ins as on pieces (decision 017): a blocker's panel, its live stream and
 * the results leave out the writer they block, signed as the block was made; the counts stay
 * everyone's, and every other viewer still sees that writer named.
 */
useWriteInsApp();

/** `blocker` blocks `writer` from a public piece `writer` signed `signature`. */
async function blocks(blocker: TestUser, writer: TestUser, signature: "name" | "alias") {
  const piece = await createSubmission(t, writer, { submissionType: signature });
  const res = await call(blocker, "POST", "/api/blocks", { pieceId: piece.id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const labels = (p: { named: { label: string }[] }) => p.named.map((n) => n.label).sort();
const panelOf = (m: SseMessage) => JSON.parse(m.data) as WriteInPanel;

async function liveWriteIn() {
  const admin = await confirmedWriter("Blocks Admin", { admin: true });
  const { writeIn: w } = await schedule(admin, { circle: null });
  const blocker = await confirmedWriter("Bea Blocker");
  const rude = await confirmedWriter("Rex Rude", { alias: "Night Owl" });
  const other = await confirmedWriter("Ola Other");
  setClock(startOf(w) + MINUTE);
  for (const who of [blocker, rude, other]) await joined(who, w.id, who === rude ? "alias" : "name");
  for (const [who, words] of [[blocker, 5], [rude, 20], [other, 7]] as const) expect((await count(who, w.id, words)).status).toBe(200);
  return { w, blocker, rude, other };
}

describe("blocks in a write-in", () => {
  it("the panel and the results leave out the writer the viewer blocks, and count them still", async () => {
    const { w, blocker, rude, other } = await liveWriteIn();
    await blocks(blocker, rude, "alias");

    const mine = await call<WriteInPanel>(blocker, "GET", `/api/write-ins/${w.id}/panel`);
    expect(mine.status).toBe(200);
    expect(labels(mine.body)).toEqual(["Bea Blocker", "Ola Other"]);
    expect(mine.body).toMatchObject({ joined: 3, totalWords: 32, anonymous: 0 });
    expect(JSON.stringify(mine.body)).not.toContain("Night Owl");
    // Everyone else still sees the alias.
    const theirs = await call<WriteInPanel>(other, "GET", `/api/write-ins/${w.id}/panel`);
    expect(labels(theirs.body)).toEqual(["Bea Blocker", "Night Owl", "Ola Other"]);

    setClock(endOf(w) + MINUTE);
    const results = await call<WriteInResults>(blocker, "GET", `/api/write-ins/${w.id}/results`);
    expect(results.status).toBe(200);
    expect(labels(results.body)).toEqual(["Bea Blocker", "Ola Other"]);
    expect(results.body).toMatchObject({ joined: 3, writers: 3, totalWords: 32 });
    expect(labels((await call<WriteInResults>(null, "GET", `/api/write-ins/${w.id}/results`)).body)).toEqual(["Bea Blocker", "Night Owl", "Ola Other"]);
  });

  it("a block covers one signature: a writer blocked by name stays in view under an alias", async () => {
    const { w, blocker, rude } = await liveWriteIn();
    await blocks(blocker, rude, "name");
    const mine = await call<WriteInPanel>(blocker, "GET", `/api/write-ins/${w.id}/panel`);
    expect(labels(mine.body)).toContain("Night Owl");
  });

  it("the live stream sends the blocker a panel without the blocked writer, and everyone else the shared one", async () => {
    const { w, blocker, rude, other } = await liveWriteIn();
    await blocks(blocker, rude, "alias");
    const blockers = new SseReader(await t.request(`/api/write-ins/${w.id}/panel/stream`, { cookie: blocker.cookie }));
    const others = new SseReader(await t.request(`/api/write-ins/${w.id}/panel/stream`, { cookie: other.cookie }));
    try {
      expect(labels(panelOf(await blockers.next((m) => m.event === "panel")))).toEqual(["Bea Blocker", "Ola Other"]);
      expect(labels(panelOf(await others.next((m) => m.event === "panel")))).toEqual(["Bea Blocker", "Night Owl", "Ola Other"]);
      // The blocked writer's new count (a count goes every 2 s at most) reaches the blocker as totals only.
      t.deps.testClock!.advance(3_000);
      expect((await count(rude, w.id, 40)).status).toBe(200);
      const seen = await blockers.next((m) => m.event === "delta" && (JSON.parse(m.data) as WriteInPanel).totalWords === 52, 5_000);
      expect(seen.data).not.toContain("Night Owl");
      const theirs = await others.next((m) => m.event === "delta" && (JSON.parse(m.data) as WriteInPanel).totalWords === 52, 5_000);
      expect(theirs.data).toContain("Night Owl");
    } finally {
      await blockers.close();
      await others.close();
    }
  });

  it("a rejoin keeps how its writer was shown or hides them, never a new label for the same seat and count", async () => {
    const { w, rude, other } = await liveWriteIn();
    // Rex joined under his alias: asking for his name on a rejoin keeps the alias (the name would tell everyone who Night Owl is).
    expect((await joined(rude, w.id, "name")).signature).toBe("alias");
    expect(labels((await call<WriteInPanel>(other, "GET", `/api/write-ins/${w.id}/panel`)).body)).toEqual(["Bea Blocker", "Night Owl", "Ola Other"]);
    // Hiding is always allowed, and then there is no way back to a label.
    expect((await joined(rude, w.id, "anonymous")).signature).toBe("anonymous");
    expect((await joined(rude, w.id, "alias")).signature).toBe("anonymous");
    // The panel is read from a snapshot at most a tick old.
    t.deps.testClock!.advance(2_000);
    const seen = (await call<WriteInPanel>(other, "GET", `/api/write-ins/${w.id}/panel`)).body;
    expect(labels(seen)).toEqual(["Bea Blocker", "Ola Other"]);
    expect(seen).toMatchObject({ anonymous: 1, joined: 3 });
  });

  it("a block made while the stream is open reaches it at once: a whole panel without that writer", async () => {
    const { w, blocker, rude } = await liveWriteIn();
    const stream = new SseReader(await t.request(`/api/write-ins/${w.id}/panel/stream`, { cookie: blocker.cookie }));
    try {
      expect(labels(panelOf(await stream.next((m) => m.event === "panel")))).toContain("Night Owl");
      await blocks(blocker, rude, "alias");
      // Within a tick, not at the next 30 s recheck (the clock does not move here).
      const after = await stream.next((m) => m.event === "panel", 5_000);
      expect(labels(panelOf(after))).toEqual(["Bea Blocker", "Ola Other"]);
    } finally {
      await stream.close();
    }
  });
});
