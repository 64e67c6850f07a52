import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { users } from "#server/db/schema/index.ts";
import { cookieFrom, createTestApp, latestLink, readMails, type TestApp } from "#tests/setup/app.ts";
import { createUser, getUserRow } from "#tests/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const address = () => `moved-${Date.now().toString(36)}-${++n}@example.org`;
const changeEmail = (cookie: string | null, newEmail: unknown) => t.json<{ code?: string; message?: string; sentTo?: string }>("/api/me/email", { cookie, json: { newEmail } });
const follow = (link: string, cookie?: string) => t.request(link.replace(/^https?:\/\/[^/]+/, ""), { cookie });

describe("POST /api/me/email", () => {
  it("sends the link to the new address, tells the old one (masked), and changes nothing until the link is followed", async () => {
    const writer = await createUser(t, { confirmed: true });
    const next = address();
    const res = await changeEmail(writer.cookie, `  ${next.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.body.sentTo).toBe(next);

    const link = await latestLink(t, next, /Confirm your new email/);
    const mails = await readMails(t);
    const notice = mails.find((m) => m.to.includes(writer.email) && /email is changing/.test(m.subject));
    expect(notice?.subject).toBe(`Your inkwell email is changing to m***@example.org`);
    // The old inbox never sees the whole new address, nor the link.
    expect(notice?.text).not.toContain(next);
    expect(notice?.text).not.toContain(link);
    expect(mails.filter((m) => m.to.includes(next))).toHaveLength(1);

    expect((await getUserRow(t, writer.id))?.email).toBe(writer.email);

    const confirmed = await follow(link);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location"), link).toBe("/settings/account?email=changed");
    const row = await getUserRow(t, writer.id);
    expect(row).toMatchObject({ email: next, emailVerified: true });
    // The same link again finds nothing to change.
    const again = await follow(link);
    expect(again.headers.get("location")).toContain("error=");
    // Signing in now takes the new address.
    expect((await t.request("/api/auth/sign-in/email", { json: { email: next, password: writer.password } })).status).toBe(200);
    expect((await t.request("/api/auth/sign-in/email", { json: { email: writer.email, password: writer.password } })).status).toBe(401);
  });

  it("works the same for a writer who never confirmed the first address", async () => {
    const writer = await createUser(t);
    const next = address();
    expect((await changeEmail(writer.cookie, next)).status).toBe(200);
    expect((await getUserRow(t, writer.id))?.email).toBe(writer.email);
    await follow(await latestLink(t, next, /Confirm your new email/), writer.cookie);
    expect(await getUserRow(t, writer.id)).toMatchObject({ email: next, emailVerified: true });
  });

  it("refuses an address another account uses with a clear message, sends nothing, changes nothing", async () => {
    const writer = await createUser(t, { confirmed: true });
    const other = await createUser(t);
    const before = (await readMails(t)).length;
    const res = await changeEmail(writer.cookie, other.email.toUpperCase());
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "identity_already_exists", message: ACCOUNT_MESSAGES.emailTaken });
    expect((await readMails(t)).length).toBe(before);
    expect((await getUserRow(t, writer.id))?.email).toBe(writer.email);
  });

  it("refuses its own address, a malformed one and an empty one (422)", async () => {
    const writer = await createUser(t);
    expect((await changeEmail(writer.cookie, writer.email)).body.message).toBe(ACCOUNT_MESSAGES.emailSame);
    expect((await changeEmail(writer.cookie, "not an address")).status).toBe(422);
    const empty = await changeEmail(writer.cookie, " ");
    expect(empty).toMatchObject({ status: 422, body: { message: ACCOUNT_MESSAGES.emailRequired } });
  });

  it("refuses the link when the new address has found an account meanwhile", async () => {
    const writer = await createUser(t);
    const next = address();
    await changeEmail(writer.cookie, next);
    const link = await latestLink(t, next, /Confirm your new email/);
    await createUser(t, { email: next });
    const res = await follow(link);
    expect(res.headers.get("location")).toBe("/settings/account?email=failed&error=EMAIL_TAKEN");
    expect((await getUserRow(t, writer.id))?.email).toBe(writer.email);
  });

  it("a new password cancels a waiting change (the old inbox's way to say 'it was not me')", async () => {
    const writer = await createUser(t);
    const next = address();
    await changeEmail(writer.cookie, next);
    const link = await latestLink(t, next, /Confirm your new email/);
    // The link's iat has whole seconds: the password changes two seconds later by the wall clock.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2000 });
    let changed: Response;
    try {
      changed = await t.request("/api/me/password", { cookie: writer.cookie, json: { currentPassword: writer.password, newPassword: "another quiet room" } });
    } finally {
      vi.useRealTimers();
    }
    expect(changed.status).toBe(200);
    const res = await follow(link);
    expect(res.headers.get("location")).toBe("/settings/account?email=failed&error=LINK_CANCELLED");
    expect((await getUserRow(t, writer.id))?.email).toBe(writer.email);
    expect(cookieFrom(changed)).toContain("inkwell");
  });

  it("answers 401 to a visitor; an admin gets no say over another writer's address", async () => {
    expect((await changeEmail(null, address())).status).toBe(401);
    const admin = await createUser(t, { admin: true });
    const writer = await createUser(t);
    // The route only ever changes the caller's own address.
    const res = await changeEmail(admin.cookie, address());
    expect(res.status).toBe(200);
    expect((await getUserRow(t, writer.id))?.email).toBe(writer.email);
    const [row] = await t.deps.db.select({ email: users.email }).from(users).where(eq(users.id, admin.id));
    expect(row?.email).toBe(admin.email);
  });

  it("the link followed while signed in as another writer or an admin changes no one's address", async () => {
    const writer = await createUser(t);
    const next = address();
    await changeEmail(writer.cookie, next);
    const link = await latestLink(t, next, /Confirm your new email/);
    const other = await createUser(t);
    const admin = await createUser(t, { admin: true });
    for (const caller of [other, admin]) {
      const res = await follow(link, caller.cookie);
      expect(res.headers.get("location")).toContain("error=");
      expect((await getUserRow(t, caller.id))?.email).toBe(caller.email);
    }
    expect((await getUserRow(t, writer.id))?.email).toBe(writer.email);
    // The writer's own click still works afterwards.
    await follow(link, writer.cookie);
    expect((await getUserRow(t, writer.id))?.email).toBe(next);
  });
});
