import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WRITE_IN_MESSAGES as M } from "#shared/domain/write-ins.ts";
import type { JoinedWriteIn, WriteInDetail, WriteInPanel, WriteInResults, WriteInSummary } from "#shared/schemas/write-ins.ts";
import type { SubmissionResponse } from "#shared/schemas/writing.ts";
import { writeInParticipants } from "#server/db/schema/index.ts";
import type { TestUser } from "#tests/factories.ts";
import { verifyWritingSession } from "../writing/writing-session-token.ts";
import { call, clock, confirmedWriter, count, endOf, joined, MINUTE, now, schedule, setClock, startOf, t, useWriteInsApp, type Caller } from "./test-helpers.ts";

/*
 * A write-in's clock and counts (issue 30 item 2): the server's clock decides when joining opens,
 * who is late, half-time, the end and when results are final; the ten-minute rule's session from a
 * join starts at the write-in's start (a late joiner's at their join). Counts are numbers, clamped,
 * spaced, frozen after the end's grace; the panel and results name only who chose to be named.
 * The app has the shipped writing time (10 minutes), so a session that starts too late is refused.
 */

useWriteInsApp({ MIN_WRITING_SECONDS: "600" });

/** Past the 2-second gap between counts, with room for a slow machine (the client sends one every 5 s). */
const GAP = 5_000;
let admin: TestUser;
/** A community write-in of `lengthMinutes`, scheduled by a site admin made for the test. */
async function communityWriteIn(lengthMinutes = 20): Promise<WriteInSummary> {
  admin = await confirmedWriter("Host Admin", { admin: true });
  return (await schedule(admin, { lengthMinutes })).writeIn;
}
const join = (who: Caller, id: string, json: unknown = {}) => call<JoinedWriteIn>(who, "POST", `/api/write-ins/${id}/join`, json);
const panel = (who: Caller, id: string) => call<WriteInPanel>(who, "GET", `/api/write-ins/${id}/panel`);
const results = (who: Caller, id: string) => call<WriteInResults>(who, "GET", `/api/write-ins/${id}/results`);
const startedAtOf = (token: string) => verifyWritingSession(t.deps.authSecret, token)?.startedAtMs;

async function publishWith(who: TestUser, j: JoinedWriteIn) {
  return call<SubmissionResponse>(who, "POST", "/api/submissions", {
    content: "Twenty minutes of words, written together.",
    title: null,
    promptId: j.prompt.id,
    action: "publish",
    signature: "name",
    page: "write",
    writingSession: j.writingSession.token,
    idempotencyKey: crypto.randomUUID(),
  });
}

describe("joining, by the server's clock", () => {
  it("opens joining 10 minutes before the start, and a countdown join's session starts at the write-in's start", async () => {
    const w = await communityWriteIn();
    const ada = await confirmedWriter();
    setClock(startOf(w) - 10 * MINUTE - 30_000);
    const early = await join(ada, w.id);
    expect([early.status, early.body.code, early.body.message]).toEqual([409, "write_in_not_open", "You can join 10 minutes before the start"]);
    expect((await call<WriteInDetail>(ada, "GET", `/api/write-ins/${w.id}`)).body.writeIn).toMatchObject({ state: "upcoming", joined: 0, joinedByMe: false });

    setClock(startOf(w) - 10 * MINUTE);
    const j = (await join(ada, w.id)).body;
    expect(j).toMatchObject({ late: false, words: 0, signature: "name", writeIn: { id: w.id, state: "open", joined: 1, joinedByMe: true } });
    expect(j.writingSession).toMatchObject({ startedAt: w.startsAt, minSeconds: 600, exempt: false });
    expect(startedAtOf(j.writingSession.token)).toBe(startOf(w));
  });

  it("gives a late joiner (after the start, before half-time) a session of their own from their join", async () => {
    const w = await communityWriteIn();
    const late = await confirmedWriter();
    setClock(startOf(w) + 3 * MINUTE);
    const before = now();
    const j = (await join(late, w.id)).body;
    const after = now();
    expect(j.late).toBe(true);
    expect(j.writeIn.state).toBe("live");
    const started = Date.parse(j.writingSession.startedAt);
    expect(started).toBeGreaterThanOrEqual(before);
    expect(started).toBeLessThanOrEqual(after);
    expect(startedAtOf(j.writingSession.token)).toBe(started);
  });

  it("refuses a first join from half-time on, but lets a writer who joined come back until the end", async () => {
    const w = await communityWriteIn(20);
    const [early, justInTime, tooLate] = [await confirmedWriter(), await confirmedWriter(), await confirmedWriter()];
    expect(Date.parse(w.lateJoinUntil)).toBe(startOf(w) + 10 * MINUTE);
    setClock(startOf(w) - MINUTE);
    await joined(early, w.id);
    setClock(startOf(w) + 10 * MINUTE - 30_000);
    expect((await joined(justInTime, w.id)).late).toBe(true);
    setClock(startOf(w) + 10 * MINUTE);
    const refused = await join(tooLate, w.id);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, "write_in_half_time", "This write-in is past half-time. Join the next one!"]);

    setClock(endOf(w) - 30_000);
    const back = await joined(early, w.id);
    expect(back).toMatchObject({ late: false, writingSession: { startedAt: w.startsAt }, writeIn: { joined: 2 } });
    setClock(endOf(w));
    for (const who of [early, tooLate]) {
      const over = await join(who, w.id);
      expect([over.status, over.body.message]).toEqual([409, M.over]);
    }
  });

  it("lets a countdown joiner publish at the end and not before: the session's start is the write-in's, on the server's clock", async () => {
    const w = await communityWriteIn(10);
    const ada = await confirmedWriter();
    // The server's time is what GET /api/time answers, whatever the device's clock says.
    setClock(startOf(w) - 7 * MINUTE);
    const before = now();
    const time = await call<{ now: number }>(ada, "GET", "/api/time", undefined, { date: new Date(Date.now() - 7 * MINUTE).toUTCString() });
    expect(time.body.now).toBeGreaterThanOrEqual(before);
    expect(time.body.now).toBeLessThanOrEqual(now());
    const j = await joined(ada, w.id);
    // Sixteen minutes after joining but nine after the start: not yet.
    setClock(startOf(w) + 9 * MINUTE);
    const tooSoon = await publishWith(ada, j);
    expect([tooSoon.status, tooSoon.body.code]).toEqual([422, "writing_time_not_met"]);
    setClock(endOf(w));
    const done = await publishWith(ada, j);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.submission.promptId).toBe(j.prompt.id);
  });

  it("gives a late joiner their own ten minutes: not at the end, but ten minutes after they joined", async () => {
    const w = await communityWriteIn(10);
    const late = await confirmedWriter();
    setClock(startOf(w) + 3 * MINUTE);
    const j = await joined(late, w.id);
    setClock(endOf(w));
    expect((await publishWith(late, j)).body.code).toBe("writing_time_not_met");
    setClock(Date.parse(j.writingSession.startedAt) + 10 * MINUTE);
    expect((await publishWith(late, j)).status).toBe(201);
  });
});

describe("counts", () => {
  it("clamps a count to 250 words a minute since the writer's start, rounded up", async () => {
    const w = await communityWriteIn();
    const [ada, late] = [await confirmedWriter(), await confirmedWriter()];
    setClock(startOf(w) - MINUTE);
    await joined(ada, w.id);
    // A count in the countdown is no writing yet.
    expect((await count(ada, w.id, 300)).body.words).toBe(0);
    setClock(startOf(w) + 30_000);
    expect((await count(ada, w.id, 1000)).body).toMatchObject({ words: 250 });
    setClock(startOf(w) + 2 * MINUTE + 30_000);
    expect((await count(ada, w.id, 1000)).body.words).toBe(750);
    clock().advance(GAP);
    expect((await count(ada, w.id, 600)).body.words).toBe(600);
    // A late joiner's minutes count from their own start.
    setClock(startOf(w) + 5 * MINUTE);
    await joined(late, w.id);
    clock().advance(30_000);
    expect((await count(late, w.id, 400)).body.words).toBe(250);
  });

  it("answers a second count within 2 seconds 429 and keeps the first", async () => {
    const w = await communityWriteIn();
    const ada = await confirmedWriter();
    setClock(startOf(w) - MINUTE);
    await joined(ada, w.id);
    setClock(startOf(w) + 5 * MINUTE);
    expect((await count(ada, w.id, 100)).status).toBe(200);
    // The same instant again: however slow the machine, the second count is inside the gap.
    setClock(startOf(w) + 5 * MINUTE);
    const soon = await count(ada, w.id, 120);
    expect([soon.status, soon.body.code, soon.body.message]).toEqual([429, "count_too_soon", M.countTooSoon]);
    expect((await results(ada, w.id)).body.you).toEqual({ words: 100, signature: "name" });
    clock().advance(GAP);
    expect((await count(ada, w.id, 120)).body.words).toBe(120);
  });

  it("takes counts until 15 seconds after the end; then the results are final and nothing changes them", async () => {
    const w = await communityWriteIn();
    const ada = await confirmedWriter();
    setClock(startOf(w) - MINUTE);
    await joined(ada, w.id);
    setClock(endOf(w) + 10_000);
    expect((await count(ada, w.id, 900)).body.words).toBe(900);
    const inGrace = (await results(null, w.id)).body;
    expect(inGrace).toMatchObject({ final: false, totalWords: 900, writers: 1, joined: 1 });

    setClock(endOf(w) + 15_000 + 1000);
    const frozen = (await results(null, w.id)).body;
    expect(frozen).toMatchObject({ final: true, totalWords: 900, writeIn: { state: "ended" } });
    const late = await count(ada, w.id, 1200);
    expect([late.status, late.body.code, late.body.message]).toEqual([409, "write_in_over", "This write-in has ended. Its results are final."]);
    expect((await call(ada, "POST", `/api/write-ins/${w.id}/leave`, { words: 1300 })).status).toBe(200);
    clock().advance(GAP);
    expect((await count(ada, w.id, 1400)).status).toBe(409);
    expect((await results(null, w.id)).body).toEqual(frozen);
  });

  it("refuses a count or a leave carrying text, and stores nothing of it", async () => {
    const w = await communityWriteIn();
    const ada = await confirmedWriter();
    setClock(startOf(w) - MINUTE);
    await joined(ada, w.id);
    setClock(startOf(w) + 5 * MINUTE);
    expect((await count(ada, w.id, 42)).status).toBe(200);
    clock().advance(GAP);
    for (const [path, json] of [
      ["count", { words: 60, content: "My secret first line." }],
      ["count", { words: 60, text: "My secret first line." }],
      ["count", { content: "My secret first line." }],
      ["leave", { words: 60, content: "My secret first line." }],
      ["join", { text: "My secret first line." }],
    ] as const) {
      const res = await call(ada, "POST", `/api/write-ins/${w.id}/${path}`, json);
      expect([path, res.status]).toEqual([path, 422]);
    }
    const [row] = await t.deps.db.select().from(writeInParticipants).where(and(eq(writeInParticipants.writeInId, w.id), eq(writeInParticipants.userId, ada.id)));
    expect(row).toMatchObject({ words: 42, leftAt: null });
    expect(JSON.stringify(row)).not.toContain("secret");
  });

  it("takes no count on a write-in canceled in its countdown, and shows it no results", async () => {
    const w = await communityWriteIn();
    const ada = await confirmedWriter();
    setClock(startOf(w) - 5 * MINUTE);
    await joined(ada, w.id);
    expect((await call(admin, "DELETE", `/api/write-ins/${w.id}`)).status).toBe(200);
    setClock(startOf(w) + 2 * MINUTE);
    for (const res of [await count(ada, w.id, 100), await results(ada, w.id)]) {
      expect([res.status, res.body?.code, res.body?.message]).toEqual([410, "write_in_canceled", M.canceled]);
    }
    // Leaving still works; a last count with it is not kept.
    expect((await call(ada, "POST", `/api/write-ins/${w.id}/leave`, { words: 50 })).status).toBe(200);
    expect((await panel(ada, w.id)).body).toMatchObject({ state: "canceled", joined: 1, writing: 0, totalWords: 0 });
  });
});

describe("the panel and the results", () => {
  it("names those who chose their name or alias, counts the anonymous without naming them, and never sends an id, an email or a text", async () => {
    const w = await communityWriteIn();
    const ada = await confirmedWriter("Ada Byron");
    const owl = await confirmedWriter("Mary Shelley", { alias: "Night Owl" });
    const shy = await confirmedWriter("Secret Sam");
    const noAlias = await confirmedWriter("Plain Jane");
    setClock(startOf(w) - MINUTE);
    await joined(ada, w.id, "name");
    expect((await joined(owl, w.id, "alias")).signature).toBe("alias");
    expect((await joined(shy, w.id, "anonymous")).signature).toBe("anonymous");
    // Asking for an alias without one never shows the name.
    expect((await joined(noAlias, w.id, "alias")).signature).toBe("anonymous");
    setClock(startOf(w) + 2 * MINUTE);
    for (const [who, words] of [[ada, 120], [owl, 80], [shy, 200], [noAlias, 10]] as const) expect((await count(who, w.id, words)).status).toBe(200);

    const seen = (await panel(ada, w.id)).body;
    expect(seen).toMatchObject({ id: w.id, state: "live", joined: 4, writing: 4, totalWords: 410, anonymous: 2, yourSeat: 1 });
    expect(seen.named).toEqual([
      { seat: 1, label: "Ada Byron", words: 120, writing: true },
      { seat: 2, label: "Night Owl", words: 80, writing: true },
    ]);
    const res = (await results(shy, w.id)).body;
    expect(res).toMatchObject({ final: false, joined: 4, writers: 4, totalWords: 410, anonymous: 2, you: { words: 200, signature: "anonymous" } });
    expect(res.named).toEqual([
      { label: "Ada Byron", words: 120, you: false },
      { label: "Night Owl", words: 80, you: false },
    ]);
    const people = [ada, owl, shy, noAlias, admin];
    for (const viewer of [null, ada, shy, admin]) {
      clock().advance(1000);
      const bodies = JSON.stringify([(await panel(viewer, w.id)).body, (await results(viewer, w.id)).body]);
      for (const p of people) {
        for (const secret of [p.id, p.email]) expect(bodies).not.toContain(secret);
      }
      for (const name of ["Mary Shelley", "Secret Sam", "Plain Jane"]) expect(bodies).not.toContain(name);
    }
  });

  it("keeps a writer's seat and count when they leave and come back, and shows who is writing now", async () => {
    const w = await communityWriteIn();
    const [ada, bo] = [await confirmedWriter("Ada Seat"), await confirmedWriter("Bo Seat")];
    setClock(startOf(w) - MINUTE);
    await joined(ada, w.id);
    await joined(bo, w.id);
    setClock(startOf(w) + 3 * MINUTE);
    expect((await count(ada, w.id, 80)).status).toBe(200);
    expect((await count(bo, w.id, 0)).status).toBe(200);
    expect((await call(ada, "POST", `/api/write-ins/${w.id}/leave`, { words: 90 })).status).toBe(200);
    const away = (await panel(bo, w.id)).body;
    expect(away).toMatchObject({ joined: 2, writing: 1, totalWords: 90 });
    expect(away.named.map((n) => [n.seat, n.label, n.words, n.writing])).toEqual([
      [1, "Ada Seat", 90, false],
      [2, "Bo Seat", 0, true],
    ]);
    setClock(startOf(w) + 4 * MINUTE);
    const back = await joined(ada, w.id);
    expect(back).toMatchObject({ words: 90, late: false, writeIn: { joined: 2 }, writingSession: { startedAt: w.startsAt } });
    const again = (await panel(bo, w.id)).body;
    expect(again.named.map((n) => [n.seat, n.words, n.writing])).toEqual([
      [1, 90, true],
      // Bo has sent nothing for more than 40 seconds: no longer counted as writing.
      [2, 0, false],
    ]);
  });
});
