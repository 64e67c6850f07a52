import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES as SAME_ORIGIN } from "#server/http/same-origin.ts";
import { unsubscribeLinks, unsubscribeToken, type MailKind } from "#server/mail/unsubscribe-token.ts";
import { PREFS_MESSAGES, type MailChoice, type NotificationPrefs } from "#shared/schemas/notification-prefs.ts";
import { APP_URL, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";

/* The links in the emails (issue 14 items 2, 7): one-click unsubscribe (RFC 8058), undo, keep reminding. */

let t: TestApp;
let writer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [writer, other] = await Promise.all([createUser(t), createUser(t)]);
});
afterAll(async () => {
  await t?.close();
});

const token = (userId: string, kind: MailKind) => unsubscribeToken(t.deps.authSecret, userId, kind);
const prefsOf = async (u: TestUser) => (await t.json<{ prefs: NotificationPrefs }>("/api/me/notification-prefs", { cookie: u.cookie })).body.prefs;
const setPrefs = (u: TestUser, json: Partial<NotificationPrefs>) => t.json("/api/me/notification-prefs", { method: "PUT", json, cookie: u.cookie });

/** What a mail provider sends (Gmail, Apple Mail): a form POST from its own servers, no cookie, no Origin. */
async function oneClick(url: string) {
  const res = await t.app.request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
  return { status: res.status, body: (await res.json()) as MailChoice & { code?: string } };
}
const pageAction = (action: "unsubscribe" | "resubscribe" | "keep-reminding", tok: string, cookie?: string) =>
  t.json<MailChoice & { code?: string }>(`/api/mail/${action}?token=${encodeURIComponent(tok)}`, { method: "POST", cookie: cookie ?? null });

describe("one-click unsubscribe", () => {
  it("turns that kind off with no session and no Origin, from the List-Unsubscribe address", async () => {
    const { oneClick: url } = unsubscribeLinks(APP_URL, t.deps.authSecret, writer.id, "weekly");
    const res = await oneClick(url.replace(APP_URL, ""));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: "weekly", on: false, message: "You will no longer get the weekly best-of." });
    expect(await prefsOf(writer)).toMatchObject({ weekly: false, monthly: true });
    // Twice is fine (a mail program may retry).
    expect((await oneClick(url.replace(APP_URL, ""))).status).toBe(200);
  });

  it("turns off each kind by its own token, and only that writer's", async () => {
    const u = await createUser(t);
    await setPrefs(u, { reminder: true, digest: "weekly", writeInEmail: true });
    for (const kind of ["monthly", "reminder", "digest", "write-in"] as const) expect((await oneClick(`/api/mail/unsubscribe?token=${token(u.id, kind)}`)).status).toBe(200);
    expect(await prefsOf(u)).toMatchObject({ weekly: true, monthly: false, reminder: false, digest: "off", writeInEmail: false });
    expect(await prefsOf(other)).toMatchObject({ weekly: true, monthly: true });
  });

  it("refuses a tampered or unknown token with a clear 400 and changes nothing", async () => {
    const good = token(other.id, "weekly");
    const sig = good.split(".")[2]!;
    const tampered = [
      `${good.slice(0, -1)}${good.endsWith("A") ? "B" : "A"}`,
      `monthly.${other.id}.${sig}`,
      `weekly.${writer.id}.${sig}`,
      `weekly.${other.id}`,
      "nonsense",
      `everything.${other.id}.${sig}`,
    ];
    for (const bad of tampered) {
      const res = await oneClick(`/api/mail/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(PREFS_MESSAGES.badToken);
    }
    expect((await oneClick("/api/mail/unsubscribe")).status).toBe(422);
    expect(await prefsOf(other)).toMatchObject({ weekly: true, monthly: true });
  });
});

describe("undo and keep reminding (page actions)", () => {
  it("undoes an unsubscribe from the page (same origin only), for anyone holding the link", async () => {
    const u = await createUser(t);
    const tok = token(u.id, "monthly");
    expect((await pageAction("unsubscribe", tok)).body.on).toBe(false);
    // A page elsewhere cannot turn emails back on.
    const cross = await t.app.request(`/api/mail/resubscribe?token=${encodeURIComponent(tok)}`, { method: "POST", headers: { origin: "https://elsewhere.example" } });
    expect(cross.status).toBe(403);
    expect(((await cross.json()) as { message: string }).message).toBe(SAME_ORIGIN.crossOrigin);
    expect((await prefsOf(u)).monthly).toBe(false);
    // Signed in as someone else or not at all: the link decides, not the session.
    const undone = await pageAction("resubscribe", tok, other.cookie);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ kind: "monthly", on: true, message: "You will get the monthly collection again." });
    expect(await prefsOf(u)).toMatchObject({ monthly: true });
    expect(await prefsOf(other)).toMatchObject({ monthly: true });
    expect((await pageAction("resubscribe", `${tok}x`)).status).toBe(400);
  });

  it("undoes a write-in reminders unsubscribe with the same link", async () => {
    const u = await createUser(t);
    await setPrefs(u, { writeInEmail: true });
    const tok = token(u.id, "write-in");
    expect((await pageAction("unsubscribe", tok)).body).toEqual({ kind: "write-in", on: false, message: "You will no longer get write-in reminders by email." });
    expect((await prefsOf(u)).writeInEmail).toBe(false);
    expect((await pageAction("resubscribe", tok)).body).toEqual({ kind: "write-in", on: true, message: "You will get write-in reminders by email again." });
    expect((await prefsOf(u)).writeInEmail).toBe(true);
    expect((await prefsOf(other)).writeInEmail).toBe(false);
  });

  it("brings a weekly digest back as weekly, not daily", async () => {
    const u = await createUser(t);
    await setPrefs(u, { digest: "weekly" });
    const tok = token(u.id, "digest");
    expect((await oneClick(`/api/mail/unsubscribe?token=${tok}`)).status).toBe(200);
    expect((await prefsOf(u)).digest).toBe("off");
    expect((await pageAction("resubscribe", tok)).status).toBe(200);
    expect((await prefsOf(u)).digest).toBe("weekly");
  });

  it("keeps the reminder on only with a reminder link", async () => {
    const u = await createUser(t);
    const wrong = await pageAction("keep-reminding", token(u.id, "weekly"));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(PREFS_MESSAGES.notReminderToken);
    expect((await prefsOf(u)).reminder).toBe(false);
    const kept = await pageAction("keep-reminding", token(u.id, "reminder"));
    expect(kept.status).toBe(200);
    expect((await prefsOf(u)).reminder).toBe(true);
  });
});
