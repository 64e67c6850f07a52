import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissions, userAchievements, users } from "#server/db/schema/index.ts";
import { APP_URL, createTestApp, readMails, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { backdate, pieceAt, setPrefs, tickAt } from "./test-helpers.ts";

/* The monthly collection and its nudge (issue 14 item 4), as written to DATA_DIR/mail. */

let t: TestApp;
let writer: TestUser;
let idle: TestUser;
let off: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // Before any period these tests tick at: the queue's own minute tick (real cron, on the test clock)
  // must find nothing due while the writers are made, or it plans the month (the week) for them
  // before they are backdated and the tests' tick finds it done (failed on 2026-12-01, the real day).
  t.deps.testClock!.set(new Date("2026-11-25T00:00:00Z"));
  writer = await createUser(t, { confirmed: true, name: "Mona Monthly" });
  idle = await createUser(t, { confirmed: true, name: "Ida Idle" });
  off = await createUser(t, { confirmed: true, name: "Olga Off" });
  other = await createUser(t, { confirmed: true, name: "Connie Community", alias: "Cloak" });
  for (const u of [writer, idle, off, other]) await backdate(t, u.id);
  await setPrefs(t, off.id, { monthlyEmail: false });
});

afterAll(async () => {
  await t?.close();
});

const monthlies = async () => (await readMails(t)).filter((m) => /collection on inkwell|new month on inkwell/.test(m.subject));

describe("the monthly collection", () => {
  it("lists the writer's own month with pages, streak, achievements and the month's best, and links the page", async () => {
    await pieceAt(t, writer, { at: "2026-11-03T10:00:00Z", title: "First frost", content: "one two three four five" });
    const edited = await pieceAt(t, writer, { at: "2026-11-10T10:00:00Z", title: "Old title", isPrivate: true });
    await t.deps.db.update(submissions).set({ privateTitle: "Kept to myself", privateContent: "six seven eight", privateWordCount: 3 }).where(eq(submissions.id, edited.id));
    await pieceAt(t, writer, { at: "2026-10-31T10:00:00Z", title: "October's last" });
    await pieceAt(t, writer, { at: "2026-12-01T08:00:00Z", title: "December's first" });
    await t.deps.db.insert(userAchievements).values({ userId: writer.id, achievementType: "novella_club", year: 2026, achievedAt: new Date("2026-11-20T12:00:00Z") });
    await pieceAt(t, other, { at: "2026-11-05T10:00:00Z", likes: 9, title: "Best of November", signed: "alias" });
    await pieceAt(t, other, { at: "2026-11-06T10:00:00Z", likes: 4, title: "Second of November", signed: "anonymous" });
    await pieceAt(t, other, { at: "2026-11-07T10:00:00Z", likes: 2, title: "Third of November", signed: "anonymous" });
    await pieceAt(t, other, { at: "2026-11-08T10:00:00Z", likes: 1, title: "Fourth of November" });

    await tickAt(t, "2026-12-01T09:00:00Z");
    const mails = await monthlies();
    const mine = mails.filter((m) => m.to.includes(writer.email));
    expect(mine).toHaveLength(1);
    const { subject, text } = mine[0]!;
    expect(subject).toBe("Your November 2026 collection on inkwell");
    expect(text).toContain("Nov 3 — First frost (5 words)");
    expect(text).toContain("Nov 10 — Kept to myself (3 words)");
    expect(text).not.toContain("Old title");
    expect(text).not.toContain("October's last");
    expect(text).not.toContain("December's first");
    expect(text).toMatch(/2 pieces and [\d.]+ pages this month/);
    expect(text).toMatch(/Current streak: \d+ days?/);
    expect(text).toContain("Reached this month: Novella Club · 2026.");
    expect(text).toContain(`${APP_URL}/collections/2026-11`);
    const best = ["Best of November", "Second of November", "Third of November"].map((n) => text.indexOf(n));
    expect(best.every((i) => i > 0)).toBe(true);
    expect([...best].sort((a, b) => a - b)).toEqual(best);
    expect(text).not.toContain("Fourth of November");
    expect(text).toContain("by Cloak");
    expect(text).not.toContain("Connie");
    expect(text).toContain(`${APP_URL}/unsubscribe?token=monthly.`);
  });

  it("sends a writer who wrote nothing a short nudge, and nothing to one who turned it off", async () => {
    const mails = await monthlies();
    const nudge = mails.filter((m) => m.to.includes(idle.email));
    expect(nudge.map((m) => m.subject)).toEqual(["A new month on inkwell"]);
    expect(nudge[0]!.text).toContain("November 2026 went by without a piece from you");
    expect(nudge[0]!.text).toContain(`${APP_URL}/write`);
    expect(nudge[0]!.text).not.toContain("/collections/");
    expect(mails.filter((m) => m.to.includes(off.email))).toEqual([]);
  });

  it("does not nudge an account made after the month ended", async () => {
    const fresh = await createUser(t, { confirmed: true, name: "Nina New" });
    await t.deps.db.update(users).set({ createdAt: new Date("2027-01-01T05:00:00Z") }).where(eq(users.id, fresh.id));
    await tickAt(t, "2027-01-01T09:00:00Z");
    const december = (await monthlies()).filter((m) => m.subject === "A new month on inkwell" || m.subject.includes("December 2026"));
    expect(december.some((m) => m.to.includes(idle.email))).toBe(true);
    expect(december.some((m) => m.to.includes(fresh.email))).toBe(false);
  });
});
