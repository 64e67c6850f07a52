import { describe, expect, it } from "vitest";
import type { JoinedWriteIn, ScheduledWriteIn, WriteInPanel, WriteInPanelDelta } from "#shared/schemas/write-ins.ts";
import { createUser } from "#tests/factories.ts";
import { testAppOf, type TestApp } from "#tests/setup/app.ts";
import { instances } from "#tests/setup/instances.ts";
import { SseReader, type SseMessage } from "#tests/setup/sse-reader.ts";

/*
 * A write-in on several instances of one PostgreSQL database (issue 30 item 4): a count written on
 * one instance reaches a panel streamed by another within a tick (each reads the table once a
 * second), and when the instance a writer wrote through stops (a restart), the write-in goes on
 * through another: the writer rejoins with their seat and count, and the panels show it.
 * PostgreSQL only (CI's second pass): the embedded database is one process by design.
 */

const MINUTE = 60_000;
const words = (m: SseMessage) => (JSON.parse(m.data) as WriteInPanel | WriteInPanelDelta).named;

describe("a write-in across instances", () => {
  it.skipIf(!process.env.DATABASE_URL)("carries counts between instances' panels, and survives the one a writer used stopping", async () => {
    const { deps, apps, close } = await instances(process.env.DATABASE_URL!, 3, { TEST_CLOCK: "true" });
    const [a, b, c]: TestApp[] = apps.map((app, i) => testAppOf(app, deps[i]!, "", async () => undefined));
    const streams: SseReader[] = [];
    try {
      const admin = await createUser(a!, { confirmed: true, admin: true, name: "Instances Admin" });
      const startsAt = Math.ceil((deps[0]!.clock.now().getTime() + 60 * MINUTE) / MINUTE) * MINUTE;
      const made = await a!.json<ScheduledWriteIn>("/api/write-ins", { method: "POST", cookie: admin.cookie, json: { title: "Three rooms", startsAt: new Date(startsAt).toISOString(), lengthMinutes: 20 } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.writeIn.id;
      for (const d of deps) d.testClock!.set(new Date(startsAt + MINUTE));

      const ada = await createUser(a!, { confirmed: true, name: "Ada Across" });
      const ben = await createUser(a!, { confirmed: true, name: "Ben Across" });
      const seat = (await a!.json<JoinedWriteIn>(`/api/write-ins/${id}/join`, { method: "POST", cookie: ada.cookie, json: { signature: "name" } })).body.seat;
      expect((await b!.json(`/api/write-ins/${id}/join`, { method: "POST", cookie: ben.cookie, json: { signature: "name" } })).status).toBe(200);

      // Ben listens on instance B; Ada writes through instance A.
      const onB = new SseReader(await b!.request(`/api/write-ins/${id}/panel/stream`, { cookie: ben.cookie }));
      const onA = new SseReader(await a!.request(`/api/write-ins/${id}/panel/stream`, { cookie: ben.cookie }));
      streams.push(onB, onA);
      await onB.next((m) => m.event === "panel");
      expect((await a!.json(`/api/write-ins/${id}/count`, { method: "POST", cookie: ada.cookie, json: { words: 40 } })).status).toBe(200);
      await onB.next((m) => m.event === "delta" && words(m).some((n) => n.seat === seat && n.words === 40), 5_000);

      // Instance A stops (a restart): its streams end; the write-in goes on through C.
      await deps[0]!.stop();
      await onA.waitForEnd(5_000);
      expect(onA.ended).toBe(true);
      for (const d of deps.slice(1)) d.testClock!.advance(3_000);
      const back = await c!.json<JoinedWriteIn>(`/api/write-ins/${id}/join`, { method: "POST", cookie: ada.cookie, json: {} });
      expect(back.status).toBe(200);
      expect([back.body.seat, back.body.words]).toEqual([seat, 40]);
      expect((await c!.json(`/api/write-ins/${id}/count`, { method: "POST", cookie: ada.cookie, json: { words: 55 } })).status).toBe(200);
      await onB.next((m) => m.event === "delta" && words(m).some((n) => n.seat === seat && n.words === 55), 5_000);
      const onC = new SseReader(await c!.request(`/api/write-ins/${id}/panel/stream`, { cookie: ada.cookie }));
      streams.push(onC);
      const whole = JSON.parse((await onC.next((m) => m.event === "panel")).data) as WriteInPanel;
      expect(whole).toMatchObject({ joined: 2, totalWords: 55 });
    } finally {
      for (const s of streams) await s.close();
      await close();
    }
  }, 120_000);
});
