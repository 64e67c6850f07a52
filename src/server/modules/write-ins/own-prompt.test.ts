import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { WRITE_IN_MESSAGES as M } from "#shared/domain/write-ins.ts";
import { WRITING_MESSAGES } from "#shared/domain/writing-session.ts";
import type { CommunityFeedPage, CommunityPieceDetail, PromptHistory } from "#shared/schemas/community.ts";
import type { PieceResponse } from "#shared/schemas/portfolio.ts";
import type { JoinedWriteIn, WriteInDetail, WriteInList } from "#shared/schemas/write-ins.ts";
import type { SubmissionResponse, TodayPromptResponse } from "#shared/schemas/writing.ts";
import { prompts, writeIns } from "#server/db/schema/index.ts";
import type { TestUser } from "#tests/factories.ts";
import { call, circleWithRoles, confirmedWriter, endOf, joined, MINUTE, schedule, setClock, startOf, t, useWriteInsApp, writeInBody, type Caller } from "./test-helpers.ts";

/*
 * A write-in's own prompt (issue 30 item 1): scheduled with its words, stored as one prompts row of
 * kind "write_in" (no date) for every week of a series, read with the write-in by those who may
 * read it, answered by those who join (a circle's write-in's piece goes to that circle alone), and
 * never a daily prompt: not today's, not in the community's prompt filter, not in the admin's list.
 */

useWriteInsApp();

const words = (what: string) => `Write about ${what} (${crypto.randomUUID().slice(0, 8)})`;
const writeInPromptsWith = (text: string) =>
  t.deps.db.select({ id: prompts.id, kind: prompts.kind, date: prompts.date, author: prompts.author }).from(prompts).where(eq(prompts.text, text));
const writeInsTitled = (title: string) => t.deps.db.select({ id: writeIns.id, promptId: writeIns.promptId }).from(writeIns).where(eq(writeIns.title, title));
const detail = (who: Caller, id: string) => call<WriteInDetail>(who, "GET", `/api/write-ins/${id}`);

async function publish(who: TestUser, j: JoinedWriteIn, audience: { community: boolean; circles: string[] } = { community: true, circles: [] }, promptId = j.prompt.id) {
  return call<SubmissionResponse>(who, "POST", "/api/submissions", {
    content: "Twenty minutes of words on the write-in's own prompt.",
    title: "A door",
    promptId,
    action: "publish",
    signature: "name",
    page: "write",
    writingSession: j.writingSession.token,
    idempotencyKey: crypto.randomUUID(),
    ...audience,
  });
}

describe("scheduling with its own prompt", () => {
  it("stores a site admin's community write-in's prompt as one unsigned, undated write_in prompt that every week of the series shares, and cancelling keeps it", async () => {
    const admin = await confirmedWriter("Prompt Admin", { admin: true });
    const text = words("a door left open");
    const title = `Door sprint ${crypto.randomUUID().slice(0, 6)}`;
    const made = await schedule(admin, { title, repeat: "weekly", promptMode: "own", promptText: `  ${text}\n` });
    expect(made.writeIn).toMatchObject({ promptMode: "own", promptText: text });
    expect(made.next).toHaveLength(7);

    const stored = await writeInPromptsWith(text);
    expect(stored).toEqual([{ id: expect.any(String), kind: "write_in", date: null, author: null }]);
    const weeks = await writeInsTitled(title);
    expect(weeks).toHaveLength(8);
    expect(new Set(weeks.map((w) => w.promptId))).toEqual(new Set([stored[0]!.id]));

    // Every week reads the same words, in the list and on its own page.
    const list = await call<WriteInList>(null, "GET", "/api/write-ins");
    const listed = list.body.items.filter((w) => w.title === title);
    expect(listed.length).toBeGreaterThan(1);
    expect(listed.every((w) => w.promptMode === "own" && w.promptText === text)).toBe(true);
    expect((await detail(null, made.writeIn.id)).body.writeIn.promptText).toBe(text);

    const cancel = await call(admin, "DELETE", `/api/write-ins/${made.writeIn.id}?scope=following`);
    expect(cancel.status).toBe(200);
    expect(await writeInPromptsWith(text)).toHaveLength(1);
  });

  it("lets a circle's moderator give its write-in its own prompt; the site's and the circle's modes carry no words", async () => {
    const cast = await circleWithRoles();
    const text = words("the circle's kitchen");
    const own = await schedule(cast.moderator, { circle: cast.circle.slug, promptMode: "own", promptText: text });
    expect(own.writeIn).toMatchObject({ promptMode: "own", promptText: text, circle: { slug: cast.circle.slug } });
    expect((await detail(cast.member, own.writeIn.id)).body.writeIn.promptText).toBe(text);
    for (const promptMode of ["site", "circle"] as const) {
      const other = await schedule(cast.moderator, { circle: cast.circle.slug, promptMode });
      expect(other.writeIn).toMatchObject({ promptMode, promptText: null });
    }
  });

  it("refuses its own prompt without words, blank, over 4000 characters, or words for another prompt (422), and stores nothing", async () => {
    const admin = await confirmedWriter("Refused Admin", { admin: true });
    const title = `Refused ${crypto.randomUUID().slice(0, 6)}`;
    const before = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(prompts).where(eq(prompts.kind, "write_in"));
    const cases: [Record<string, unknown>, string][] = [
      [{ promptMode: "own" }, M.promptRequired],
      [{ promptMode: "own", promptText: " \n\t " }, M.promptRequired],
      [{ promptMode: "own", promptText: null }, M.promptRequired],
      [{ promptMode: "own", promptText: "x".repeat(4001) }, "Prompts can be at most 4000 characters"],
      [{ promptMode: "site", promptText: "Write about a door" }, M.promptTextUnused],
    ];
    for (const [extra, message] of cases) {
      const res = await call(admin, "POST", "/api/write-ins", writeInBody({ title, ...extra }));
      expect([res.status, res.body.message], JSON.stringify(extra).slice(0, 80)).toEqual([422, message]);
    }
    // 4000 characters, trimmed, are taken.
    expect((await schedule(admin, { promptMode: "own", promptText: ` ${"y".repeat(4000)} ` })).writeIn.promptText).toHaveLength(4000);
    expect(await writeInsTitled(title)).toEqual([]);
    const after = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(prompts).where(eq(prompts.kind, "write_in"));
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });

  it("stores no prompt when the scheduler may not schedule there", async () => {
    const cast = await circleWithRoles();
    const text = words("a refused window");
    expect((await call(cast.member, "POST", "/api/write-ins", writeInBody({ circle: cast.circle.slug, promptMode: "own", promptText: text }))).status).toBe(403);
    expect((await call(cast.member, "POST", "/api/write-ins", writeInBody({ promptMode: "own", promptText: text }))).status).toBe(403);
    expect(await writeInPromptsWith(text)).toEqual([]);
  });
});

describe("writing to its own prompt", () => {
  it("gives a participant the write-in's prompt to answer, and the published piece shows it", async () => {
    const admin = await confirmedWriter("Session Admin", { admin: true });
    const text = words("the last train");
    const w = (await schedule(admin, { lengthMinutes: 10, promptMode: "own", promptText: text })).writeIn;
    const ada = await confirmedWriter();
    setClock(startOf(w) - 5 * MINUTE);
    const j = await joined(ada, w.id);
    expect(j.prompt).toEqual({ id: expect.any(String), text, date: null, author: null, kind: "write_in" });
    expect(j.writeIn.promptText).toBe(text);

    setClock(endOf(w));
    const done = await publish(ada, j);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.submission.promptId).toBe(j.prompt.id);
    const piece = await call<{ piece: CommunityPieceDetail }>(null, "GET", `/api/community/pieces/${done.body.submission.id}`);
    expect(piece.status).toBe(200);
    expect(piece.body.piece.prompt).toMatchObject({ id: j.prompt.id, text, kind: "write_in" });
    const own = await call<PieceResponse>(ada, "GET", `/api/submissions/${done.body.submission.id}`);
    expect(own.body.submission.prompt).toMatchObject({ text, kind: "write_in" });

    // Not a daily prompt: not today's, not in the community's prompt filter (nor counted there), not in the admin's list.
    const today = await call<TodayPromptResponse>(ada, "GET", "/api/prompts/today");
    expect(today.body.prompt.id).not.toBe(j.prompt.id);
    expect(today.body.prompt.kind).toBe("daily");
    const history = await call<PromptHistory>(ada, "GET", "/api/community/prompts");
    expect(JSON.stringify(history.body)).not.toContain(j.prompt.id);
    const adminList = await call(admin, "GET", "/api/admin/prompts");
    expect(adminList.status).toBe(200);
    expect(JSON.stringify(adminList.body)).not.toContain(j.prompt.id);
    // The piece itself is in the community's feed, with its prompt.
    const feed = await call<CommunityFeedPage>(ada, "GET", "/api/community/feed");
    expect(JSON.stringify(feed.body)).toContain(done.body.submission.id);
  });

  it("lets only those who joined answer it", async () => {
    const admin = await confirmedWriter("Rule Admin", { admin: true });
    const w = (await schedule(admin, { promptMode: "own", promptText: words("a bridge") })).writeIn;
    const [ada, ben] = [await confirmedWriter(), await confirmedWriter()];
    setClock(startOf(w) - 5 * MINUTE);
    const j = await joined(ada, w.id);
    setClock(endOf(w));
    // Ben did not join: the write-in's prompt is not his to answer, whatever session he brings.
    const refused = await publish(ben, j);
    expect([refused.status, refused.body.message]).toEqual([422, WRITING_MESSAGES.noPrompt]);
    expect((await publish(ada, j)).status).toBe(201);
  });

  it("keeps a circle's write-in's prompt in the circle: its piece goes to that circle alone, and no one outside reads the words", async () => {
    const cast = await circleWithRoles();
    const text = words("the circle's secret garden");
    const w = (await schedule(cast.owner, { circle: cast.circle.slug, lengthMinutes: 10, promptMode: "own", promptText: text })).writeIn;
    const admin = await confirmedWriter("Reading Admin", { admin: true });

    // Those who may not read the write-in read nothing of it, the words neither: 404 everywhere, and no list shows it.
    for (const who of [null, cast.outsider] as Caller[]) {
      for (const path of [`/api/write-ins/${w.id}`, `/api/write-ins/${w.id}/results`, `/api/write-ins/${w.id}/panel`, `/api/write-ins/${w.id}/calendar.ics`]) {
        const res = await t.request(path, { cookie: who?.cookie ?? null });
        expect(res.status, path).toBe(404);
        expect(await res.text()).not.toContain(text);
      }
      const list = await t.request("/api/write-ins", { cookie: who?.cookie ?? null });
      expect(await list.text()).not.toContain(text);
    }
    expect((await detail(admin, w.id)).body.writeIn.promptText).toBe(text);

    setClock(startOf(w) - 5 * MINUTE);
    const j = await joined(cast.member, w.id);
    expect(j.prompt).toMatchObject({ text, kind: "write_in" });
    setClock(endOf(w));
    for (const audience of [{ community: true, circles: [] }, { community: true, circles: [cast.circle.id] }]) {
      const refused = await publish(cast.member, j, audience);
      expect([refused.status, refused.body.message]).toEqual([422, CIRCLE_MESSAGES.circlePromptOnly]);
    }
    const shared = await publish(cast.member, j, { community: false, circles: [cast.circle.id] });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    // A visitor reads neither the piece nor its prompt.
    const piece = await t.request(`/api/community/pieces/${shared.body.submission.id}`);
    expect(piece.status).toBe(404);
    expect(await piece.text()).not.toContain(text);

    // Removed from the circle, the member may no longer answer it.
    expect((await call(cast.owner, "DELETE", `/api/circles/${cast.circle.slug}/members/${cast.member.id}`)).status).toBe(200);
    const gone = await publish(cast.member, j, { community: false, circles: [cast.circle.id] });
    expect([gone.status, gone.body.message]).toEqual([422, WRITING_MESSAGES.noPrompt]);
  });
});
