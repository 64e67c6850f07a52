import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { admins } from "#server/db/schema/index.ts";
import { writeInPanelDelta, type WriteInPanel, type WriteInPanelDelta } from "#shared/schemas/write-ins.ts";
import { SseReader, type SseMessage } from "#tests/setup/sse-reader.ts";
import { panelHub } from "./panel-stream.ts";
import {
  call,
  circleWithRoles,
  confirmedWriter,
  count,
  endOf,
  joined,
  MINUTE,
  schedule,
  setClock,
  startOf,
  t,
  useWriteInsApp,
  type Caller,
} from "./test-helpers.ts";

/*
 * The live panel pushed over Server-Sent Events (issue 30 item 4): whoever may read the write-in
 * hears one body for all (no viewer's seat in it), a count reaches every open panel within a tick,
 * nobody else may listen, and the streams end with the write-in.
 */
useWriteInsApp();

const streamOf = (who: Caller, id: string) => t.request(`/api/write-ins/${id}/panel/stream`, { cookie: who?.cookie ?? null });
const panelOf = (m: SseMessage) => JSON.parse(m.data) as WriteInPanel;
const isPanel = (pred: (p: WriteInPanel) => boolean) => (m: SseMessage) => m.event === "panel" && pred(panelOf(m));
const deltaOf = (m: SseMessage) => JSON.parse(m.data) as WriteInPanelDelta;
const isDelta = (pred: (d: WriteInPanelDelta) => boolean) => (m: SseMessage) => m.event === "delta" && pred(deltaOf(m));

describe("GET /api/write-ins/:id/panel/stream", () => {
  it("sends the whole panel at once, then what changed to every listener within a tick, one frame for all, never a text or an id", async () => {
    const admin = await confirmedWriter("Stream Admin", { admin: true });
    const { writeIn: w } = await schedule(admin, { circle: null });
    const [ada, ben] = [await confirmedWriter("Ada Stream"), await confirmedWriter("Ben Stream")];
    setClock(startOf(w) + MINUTE);
    const adaSeat = (await joined(ada, w.id, "name")).seat;
    const benSeat = (await joined(ben, w.id, "anonymous")).seat;
    expect(adaSeat).not.toBe(benSeat);

    const streams = [new SseReader(await streamOf(ada, w.id)), new SseReader(await streamOf(ben, w.id)), new SseReader(await streamOf(null, w.id))];
    try {
      for (const s of streams) expect(panelOf(await s.next(isPanel(() => true)))).toMatchObject({ id: w.id, state: "live", joined: 2, anonymous: 1, yourSeat: null });
      expect((await count(ada, w.id, 30)).status).toBe(200);
      const seen = await Promise.all(streams.map((s) => s.next(isDelta((d) => d.totalWords === 30), 5_000)));
      // One frame for all (the anonymous one is counted, not named), as its contract says.
      expect(new Set(seen.map((m) => m.data)).size).toBe(1);
      const delta = writeInPanelDelta.parse(deltaOf(seen[0]!));
      expect(delta).toMatchObject({ joined: 2, anonymous: 1, named: [{ seat: adaSeat, label: "Ada Stream", words: 30, writing: true }], gone: [] });
      for (const m of seen) {
        for (const id of [ada.id, ben.id]) expect(m.data).not.toContain(id);
        expect(m.data).not.toContain("Ben Stream");
      }
      // Ben's count changes the totals only: the delta names nobody new.
      expect((await count(ben, w.id, 12)).status).toBe(200);
      const next = deltaOf(await streams[0]!.next(isDelta((d) => d.totalWords === 42), 5_000));
      expect(next.named).toEqual([]);
      // Once a minute every listener gets the whole panel again (whatever a page missed is made right).
      t.deps.testClock!.advance(61_000);
      for (const s of streams) expect(panelOf(await s.next(isPanel(() => true), 5_000))).toMatchObject({ totalWords: 42, named: [{ seat: adaSeat, words: 30 }] });
    } finally {
      for (const s of streams) await s.close();
    }
  });

  it("is 404 for whoever may not read the write-in, and 204 (no reconnect) before joining opens and once it is over or canceled", async () => {
    const cast = await circleWithRoles();
    const { writeIn: w } = await schedule(cast.moderator, { circle: cast.circle.slug });
    // Before joining opens (10 minutes before the start) nobody can be on it: no stream.
    setClock(startOf(w) - 11 * MINUTE);
    expect((await streamOf(cast.member, w.id)).status).toBe(204);
    setClock(startOf(w) + MINUTE);
    for (const who of [null, cast.outsider]) {
      const res = await streamOf(who, w.id);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("write_in_not_found");
    }
    expect((await streamOf(cast.member, "not-a-uuid")).status).toBe(404);
    const member = new SseReader(await streamOf(cast.member, w.id));
    await member.next(isPanel(() => true));
    await member.close();

    setClock(endOf(w) + MINUTE);
    expect((await streamOf(cast.member, w.id)).status).toBe(204);
    const { writeIn: later } = await schedule(cast.moderator, { circle: cast.circle.slug });
    expect((await call(cast.moderator, "DELETE", `/api/write-ins/${later.id}`)).status).toBe(200);
    expect((await streamOf(cast.member, later.id)).status).toBe(204);
  });

  it("ends a site admin's stream of a circle's write-in once they are no longer an admin", async () => {
    const cast = await circleWithRoles();
    const admin = await confirmedWriter("Stream Site Admin", { admin: true });
    const { writeIn: w } = await schedule(cast.moderator, { circle: cast.circle.slug });
    setClock(startOf(w) + MINUTE);
    const stream = new SseReader(await streamOf(admin, w.id));
    try {
      await stream.next(isPanel(() => true));
      await t.deps.db.delete(admins).where(eq(admins.userId, admin.id));
      setClock(startOf(w) + 2 * MINUTE);
      await stream.waitForEnd(5_000);
      expect(stream.ended).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it("ends a listener who leaves the circle, and every listener after the end", async () => {
    const cast = await circleWithRoles();
    const { writeIn: w } = await schedule(cast.moderator, { circle: cast.circle.slug });
    setClock(startOf(w) + MINUTE);
    const member = new SseReader(await streamOf(cast.member, w.id));
    const moderator = new SseReader(await streamOf(cast.moderator, w.id));
    try {
      await member.next(isPanel(() => true));
      await moderator.next(isPanel(() => true));
      expect((await call(cast.member, "DELETE", `/api/circles/${cast.circle.slug}/members/${cast.member.id}`)).status).toBe(200);
      // Asked again within RECHECK_MS: moved past it, the next tick asks.
      setClock(startOf(w) + 2 * MINUTE);
      await member.waitForEnd(5_000);
      expect(member.ended).toBe(true);
      expect(moderator.ended).toBe(false);

      setClock(endOf(w) + MINUTE);
      await moderator.waitForEnd(5_000);
      expect(moderator.ended).toBe(true);
      await expect.poll(() => panelHub(t.deps).listening).toBe(0);
    } finally {
      await member.close();
      await moderator.close();
    }
  });
});
