import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/errors.ts";
import { users, verifications } from "#server/db/schema/index.ts";
import { addDays, localDate } from "#shared/domain/dates.ts";
import { APP_URL, cookieFrom, createTestApp, latestLink, readMails, type TestApp } from "#tests/setup/app.ts";
import { createUser, getUserRow } from "#tests/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "chief@example.com" });
});
afterAll(async () => {
  await t?.close();
});

const signUp = (json: Record<string, unknown>) => t.json<{ code?: string; message?: string; issues?: { message: string }[]; user?: { id: string } }>("/api/auth/sign-up/email", { json });
const signIn = (json: Record<string, unknown>) => t.request("/api/auth/sign-in/email", { json });
let n = 0;
const email = () => `auth-${Date.now()}-${++n}@example.com`;

describe("registration", () => {
  it("creates an account with every field stored and signs the writer in", async () => {
    const address = email();
    const res = await t.request("/api/auth/sign-up/email", {
      json: { name: "  Mary Ann Evans ", alias: " George Eliot ", email: address.toUpperCase(), password: "middlemarch 1871", age: "51", location: " Nuneaton ", timeZone: "Europe/London" },
    });
    expect(res.status).toBe(200);
    const me = await t.json<{ user: Record<string, unknown> }>("/api/me", { cookie: cookieFrom(res) });
    expect(me.body.user).toMatchObject({ name: "Mary", fullName: "Mary Ann Evans", alias: "George Eliot", email: address, timeZone: "Europe/London" });
    const row = await getUserRow(t, String(me.body.user.id));
    expect(row).toMatchObject({ age: 51, location: "Nuneaton", alias: "George Eliot", currentStreak: 0 });
  });

  it("shows the writer's name, alias, zone and streak as stored now, after they changed", async () => {
    const u = await createUser(t);
    // Asked once first: what changes after it shows at the next ask.
    expect((await t.json<{ user: { timeZone: string } }>("/api/me", { cookie: u.cookie })).body.user.timeZone).not.toBe("Asia/Tokyo");
    const today = localDate(t.deps.clock.now(), "Asia/Tokyo");
    await t.deps.db
      .update(users)
      .set({ name: "Ann Radcliffe", alias: "The Mysteries", timeZone: "Asia/Tokyo", currentStreak: 4, longestStreak: 9, lastWriteDate: today, streakStartDate: addDays(today, -3) })
      .where(eq(users.id, u.id));
    const me = await t.json<{ user: Record<string, unknown> }>("/api/me", { cookie: u.cookie });
    expect(me.body.user).toMatchObject({ name: "Ann", fullName: "Ann Radcliffe", alias: "The Mysteries", timeZone: "Asia/Tokyo", currentStreak: 4, longestStreak: 9 });
  });

  it("refuses missing name, email or password with the spec's sentence", async () => {
    for (const body of [{ email: email(), password: "long enough 1" }, { name: "A", password: "long enough 1" }, { name: "A", email: email() }, { name: "   ", email: email(), password: "long enough 1" }]) {
      const res = await signUp(body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(MESSAGES.signUpRequired);
    }
  });

  it("refuses an email that is taken, whatever its case", async () => {
    const address = email();
    expect((await signUp({ name: "First", email: address, password: "long enough 1" })).status).toBe(200);
    const again = await signUp({ name: "Second", email: address.toUpperCase(), password: "long enough 2" });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(MESSAGES.emailTaken);
  });

  it("refuses short and weak passwords with their reasons, and stores nothing", async () => {
    const address = email();
    const short = await signUp({ name: "A", email: address, password: "short" });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe(MESSAGES.resetTooShort);
    const common = await signUp({ name: "A", email: address, password: "password123" });
    expect(common.status).toBe(422);
    expect(common.body.code).toBe("weak_password");
    expect(common.body.issues?.map((i) => i.message)).toContain("It is one of the most common passwords");
    const signin = await signIn({ email: address, password: "password123" });
    expect(signin.status).toBe(401);
  });

  it("refuses a bad age and an invalid email", async () => {
    expect((await signUp({ name: "A", email: email(), password: "long enough 1", age: "twelve" })).body.message).toBe("Age must be a whole number between 1 and 130");
    expect((await signUp({ name: "A", email: "not-an-email", password: "long enough 1" })).body.message).toBe(MESSAGES.invalidEmail);
  });

  it("sends every new account a confirmation email", async () => {
    const address = email();
    await signUp({ name: "Confirm Me", email: address, password: "long enough 1" });
    const mails = (await readMails(t)).filter((m) => m.to.includes(address));
    expect(mails.map((m) => m.subject)).toContain("Confirm your email for inkwell");
  });
});

describe("sign in and out", () => {
  it("signs in with the right password and out again", async () => {
    const u = await createUser(t);
    const res = await signIn({ email: u.email, password: u.password });
    expect(res.status).toBe(200);
    const cookie = cookieFrom(res);
    expect((await t.json<{ user: { id: string } }>("/api/me", { cookie })).body.user.id).toBe(u.id);
    const out = await t.request("/api/auth/sign-out", { json: {}, cookie });
    expect(out.status).toBe(200);
    expect((await t.json<{ user: unknown }>("/api/me", { cookie })).body.user).toBeNull();
  });

  it("answers a wrong password or unknown email with the spec's sentence", async () => {
    const u = await createUser(t);
    for (const body of [{ email: u.email, password: "not the password" }, { email: "nobody@example.com", password: "whatever123" }]) {
      const res = await signIn(body);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: MESSAGES.wrongCredentials });
    }
  });

  it("asks for both fields", async () => {
    const res = await signIn({ email: "", password: "" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: MESSAGES.signInRequired });
  });
});

describe("password reset", () => {
  it("emails a link that opens /reset-password, sets the password once, and ends old sessions", async () => {
    const u = await createUser(t);
    const forgot = await t.json("/api/auth/request-password-reset", { json: { email: u.email } });
    expect(forgot.status).toBe(200);
    const link = await latestLink(t, u.email, /Reset your inkwell password/);
    expect(link.startsWith(`${APP_URL}/api/auth/reset-password/`)).toBe(true);

    const open = await t.request(link.slice(APP_URL.length));
    expect(open.status).toBe(302);
    const location = new URL(open.headers.get("location")!, APP_URL);
    expect(location.pathname).toBe("/reset-password");
    const token = location.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const reset = await t.request("/api/auth/reset-password", { json: { token, newPassword: "a brand new passphrase" } });
    expect(reset.status).toBe(200);
    expect((await signIn({ email: u.email, password: u.password })).status).toBe(401);
    expect((await signIn({ email: u.email, password: "a brand new passphrase" })).status).toBe(200);
    expect((await t.json<{ user: unknown }>("/api/me", { cookie: u.cookie })).body.user).toBeNull();

    const reused = await t.json<{ message: string }>("/api/auth/reset-password", { json: { token, newPassword: "yet another passphrase" } });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe(MESSAGES.resetFailed);
  });

  it("refuses an expired link", async () => {
    const u = await createUser(t);
    await t.request("/api/auth/request-password-reset", { json: { email: u.email } });
    const link = await latestLink(t, u.email, /Reset your/);
    const token = link.split("/reset-password/")[1]!.split("?")[0]!;
    await t.deps.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.identifier, `reset-password:${token}`));
    const open = await t.request(link.slice(APP_URL.length));
    expect(new URL(open.headers.get("location")!, APP_URL).searchParams.get("error")).toBe("INVALID_TOKEN");
    const reset = await t.json<{ message: string }>("/api/auth/reset-password", { json: { token, newPassword: "a brand new passphrase" } });
    expect(reset.body.message).toBe(MESSAGES.resetFailed);
  });

  it("answers the same for an unknown address (no account enumeration) and asks for an email", async () => {
    expect((await t.json("/api/auth/request-password-reset", { json: { email: "ghost@example.com" } })).status).toBe(200);
    const empty = await t.json<{ message: string }>("/api/auth/request-password-reset", { json: { email: "" } });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(MESSAGES.forgotRequired);
  });

  it("refuses a weak new password", async () => {
    const res = await t.json<{ code: string }>("/api/auth/reset-password", { json: { token: "whatever-token", newPassword: "12345678" } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("weak_password");
  });
});

describe("admins from ADMIN_EMAILS", () => {
  it("makes the account an admin only after it confirms its address", async () => {
    const res = await t.request("/api/auth/sign-up/email", { json: { name: "Chief Editor", email: "chief@example.com", password: "long enough 1" } });
    const cookie = cookieFrom(res);
    expect((await t.json<{ user: { isAdmin: boolean } }>("/api/me", { cookie })).body.user.isAdmin).toBe(false);
    const link = await latestLink(t, "chief@example.com", /Confirm your email/);
    const verify = await t.request(link.slice(APP_URL.length));
    expect([200, 302]).toContain(verify.status);
    expect((await t.json<{ user: { isAdmin: boolean; emailVerified: boolean } }>("/api/me", { cookie })).body.user).toMatchObject({ isAdmin: true, emailVerified: true });
  });

  it("does not make other confirmed accounts admins", async () => {
    const u = await createUser(t);
    const link = await latestLink(t, u.email, /Confirm your email/);
    await t.request(link.slice(APP_URL.length));
    expect((await t.json<{ user: { isAdmin: boolean } }>("/api/me", { cookie: u.cookie })).body.user.isAdmin).toBe(false);
  });
});

describe("better-auth's other endpoints", () => {
  it("are closed: a profile can only change through the app's validated routes", async () => {
    const u = await createUser(t, { name: "Kept Name" });
    for (const [path, json] of [
      ["/api/auth/update-user", { name: "   ", alias: "y".repeat(500), timeZone: "Not/AZone" }],
      ["/api/auth/change-password", { currentPassword: u.password, newPassword: "12345678" }],
      ["/api/auth/change-email", { newEmail: "stolen@example.com" }],
      ["/api/auth/delete-user", {}],
    ] as const) {
      expect((await t.request(path, { json, cookie: u.cookie })).status).toBe(404);
    }
    const me = await t.json<{ user: { fullName: string; alias: string | null; email: string } }>("/api/me", { cookie: u.cookie });
    expect(me.body.user).toMatchObject({ fullName: "Kept Name", alias: null, email: u.email });
    expect((await t.request("/api/auth/get-session", { cookie: u.cookie })).status).toBe(200);
  });

  it("answers only the exact paths the app uses", async () => {
    expect((await t.request("/api/auth/ok")).status).toBe(200);
    for (const path of ["/api/auth/okay", "/api/auth/ok/", "/api/auth/get-session/extra", "/api/auth/reset-password/a/b", "/api/auth/sign-in/email/x"]) {
      expect(await t.json(path, { method: path.includes("sign-in") ? "POST" : "GET" }), path).toEqual({ status: 404, body: { code: "not_found", message: "Not found" } });
    }
  });

  it("reads a malformed JSON body as empty and asks for the fields; refuses a body that is not JSON at all", async () => {
    const post = (type: string) => t.app.request("/api/auth/sign-in/email", { method: "POST", headers: { origin: APP_URL, "content-type": type }, body: "{not json" });
    const malformed = await post("application/json");
    expect(malformed.status).toBe(422);
    expect(await malformed.json()).toMatchObject({ code: "invalid_input", message: MESSAGES.signInRequired });
    const form = await post("text/plain");
    expect(form.status).toBe(403);
    expect(await form.json()).toMatchObject({ code: "not_json" });
  });
});

describe("GET /api/me", () => {
  it("answers null for a visitor", async () => {
    const res = await t.json<{ user: unknown }>("/api/me");
    expect(res.status).toBe(200);
    expect(res.body.user).toBeNull();
  });

  it("keeps the browser's time zone on the user row, moving it at most once a day", async () => {
    const u = await createUser(t, { timeZone: "UTC" });
    // Within a day of signing up the zone stays the one the account was made with.
    await t.request("/api/me", { cookie: u.cookie, headers: { "x-time-zone": "Asia/Tokyo" } });
    expect((await getUserRow(t, u.id)).timeZone).toBe("UTC");
    t.deps.testClock!.advance(25 * 60 * 60 * 1000);
    await t.request("/api/me", { cookie: u.cookie, headers: { "x-time-zone": "Asia/Tokyo" } });
    expect((await getUserRow(t, u.id)).timeZone).toBe("Asia/Tokyo");
    await t.request("/api/me", { cookie: u.cookie, headers: { "x-time-zone": "Europe/Paris" } });
    await t.request("/api/me", { cookie: u.cookie, headers: { "x-time-zone": "Not/AZone" } });
    expect((await getUserRow(t, u.id)).timeZone).toBe("Asia/Tokyo");
    t.deps.testClock!.reset();
  });
});
