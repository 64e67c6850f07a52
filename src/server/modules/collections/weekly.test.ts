import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sentEmails, users } from "#server/db/schema/index.ts";
import { APP_URL, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { startSmtp } from "#tests/setup/smtp.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { blockWriter, pieceAt, setPrefs, tickAt } from "./test-helpers.ts";

/* The weekly best-of (issue 14 item 3), received by a real SMTP server and parsed. */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let reader: TestUser;
let writer: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
  // Before any period these tests tick at: the queue's own minute tick (real cron, on the test clock)
  // must find nothing due while the writers are made, or it plans the month (the week) for them
  // before they are backdated and the tests' tick finds it done (failed on 2026-12-01, the real day).
  t.deps.testClock!.set(new Date("2026-11-25T00:00:00Z"));
  reader = await createUser(t, { confirmed: true, name: "Rita Reader" });
  writer = await createUser(t, { confirmed: true, name: "Walt Writer" });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Weekly emails received since the `from`-th message (account emails left out). */
const weeklies = (from = 0) => smtp.received.slice(from).filter((m) => m.parsed.subject === "The week's best on inkwell");
const html = (m: { parsed: { html: string | false } }) => (m.parsed.html === false ? "" : m.parsed.html);

describe("the weekly best-of", () => {
  it("sends the week's picks, filled up to three by likes, signed, linked, escaped and cut", async () => {
    const long = `**Bold start** <script>alert(1)</script> ${"a long line of words ".repeat(40)}THE-TAIL-END`;
    const pick = await pieceAt(t, writer, { at: "2026-11-25T10:00:00Z", featured: true, title: "Harbour", content: long });
    const liked = await pieceAt(t, writer, { at: "2026-11-26T10:00:00Z", likes: 10, title: "Most liked" });
    const second = await pieceAt(t, writer, { at: "2026-11-27T10:00:00Z", likes: 3, title: "Second liked" });
    await pieceAt(t, writer, { at: "2026-11-27T11:00:00Z", likes: 1, title: "Third liked" });
    await pieceAt(t, writer, { at: "2026-11-27T12:00:00Z", likes: 50, title: "Private one", isPrivate: true });
    await pieceAt(t, writer, { at: "2026-11-27T13:00:00Z", likes: 40, title: "Hidden one", hidden: true });
    await pieceAt(t, writer, { at: "2026-11-21T10:00:00Z", likes: 99, title: "Last week" });
    const blocked = await createUser(t, { confirmed: true, name: "Bea Blocked" });
    const theirs = await pieceAt(t, blocked, { at: "2026-11-28T10:00:00Z", likes: 30, title: "Blocked writer's" });
    await blockWriter(t, reader, blocked, theirs.id);

    await tickAt(t, "2026-11-29T09:00:30Z");
    const [mail, ...more] = weeklies().filter((m) => m.to === reader.email);
    expect(more).toHaveLength(0);
    const { text = "", subject, headerLines } = mail!.parsed;
    const header = (key: string) => headerLines.find((h) => h.key === key)?.line ?? "";
    expect(subject).toBe("The week's best on inkwell");
    const order = ["Harbour", "Most liked", "Second liked"].map((name) => text.indexOf(name));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const absent of ["Third liked", "Private one", "Hidden one", "Last week", "Blocked writer's"]) expect(text).not.toContain(absent);
    expect(text).toContain("by Walt Writer");
    for (const p of [pick, liked, second]) expect(text).toContain(`${APP_URL}/submission/${p.id}`);
    // The excerpt: markup rendered as elements, the writer's text escaped, cut under 300 characters.
    expect(html(mail!)).toContain("<strong>Bold start</strong>");
    expect(html(mail!)).toContain("&lt;script&gt;");
    expect(html(mail!)).not.toContain("<script>");
    expect(text).not.toContain("**Bold start**");
    expect(text).not.toContain("THE-TAIL-END");
    // Footer and RFC 8058 headers.
    expect(text).toMatch(/weekly best-of is on/);
    expect(text).toContain(`${APP_URL}/unsubscribe?token=weekly.`);
    expect(header("list-unsubscribe")).toContain(`<${APP_URL}/api/mail/unsubscribe?token=weekly.`);
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("sends nothing, and records nothing, for a week without picks or public pieces", async () => {
    await pieceAt(t, writer, { at: "2026-12-02T10:00:00Z", title: "Private only", isPrivate: true });
    const before = smtp.received.length;
    await tickAt(t, "2026-12-06T10:00:00Z");
    expect(weeklies(before)).toEqual([]);
    const sent = await t.deps.db.select().from(sentEmails).where(like(sentEmails.key, "weekly:2026-12-06:%"));
    expect(sent).toEqual([]);
  });

  it("never names the writer behind an alias or an Anonymous piece", async () => {
    const masked = await createUser(t, { confirmed: true, name: "Margaret Secretname", alias: "Quiet Fox" });
    const hider = await createUser(t, { confirmed: true, name: "Harold Hiddenname", alias: "Hidden Owl" });
    await pieceAt(t, masked, { at: "2026-12-08T10:00:00Z", featured: true, signed: "anonymous", title: "Unsigned", content: "Words from nobody in particular." });
    await pieceAt(t, masked, { at: "2026-12-09T10:00:00Z", featured: true, signed: "alias", title: "By the fox" });
    await pieceAt(t, hider, { at: "2026-12-10T10:00:00Z", likes: 5, signed: "anonymous", title: "Owl's secret" });
    const before = smtp.received.length;
    await tickAt(t, "2026-12-13T09:30:00Z");
    const mail = weeklies(before).find((m) => m.to === reader.email);
    expect(mail).toBeDefined();
    const text = mail!.parsed.text ?? "";
    expect(text).toContain("by Anonymous");
    expect(text).toContain("by Quiet Fox");
    // The anonymous piece filled up by likes is in the email (so the checks below look at it).
    expect(text).toContain("Owl's secret");
    for (const secret of ["Secretname", "Margaret", "Hiddenname", "Harold", "Hidden Owl"]) {
      expect(text).not.toContain(secret);
      expect(html(mail!)).not.toContain(secret);
    }
  });

  it("is not sent to a writer who turned it off, nor to a suspended writer, nor to an address never confirmed", async () => {
    const off = await createUser(t, { confirmed: true, name: "Otto Off" });
    // Someone may sign up with a stranger's address: it gets the confirmation email and nothing else.
    const unconfirmed = await createUser(t, { name: "Una Unconfirmed" });
    const suspended = await createUser(t, { confirmed: true, name: "Sam Suspended" });
    await setPrefs(t, off.id, { weeklyEmail: false });
    await t.deps.db.update(users).set({ suspendedAt: new Date("2026-12-01T00:00:00Z"), suspensionReason: "test" }).where(eq(users.id, suspended.id));
    await pieceAt(t, writer, { at: "2026-12-15T10:00:00Z", featured: true, title: "A pick for all" });
    const before = smtp.received.length;
    await tickAt(t, "2026-12-20T09:00:00Z");
    const got = weeklies(before).map((m) => m.to);
    expect(got).toContain(reader.email);
    expect(got).not.toContain(off.email);
    expect(got).not.toContain(suspended.email);
    expect(got).not.toContain(unconfirmed.email);
  });
});
