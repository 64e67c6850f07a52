import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { tooManyRequestsMessage } from "#shared/errors.ts";
import { createTestApp, latestLink, readMails, type TestApp } from "#tests/setup/app.ts";
import { createUser, getUserRow } from "#tests/factories.ts";
import { CONFIRMATION_EMAIL_LIMITS } from "./confirmation-email.ts";

/*
 * Issue 24 item 3: a writer who lost the sign-up email asks for the confirmation email again —
 * signed in, from the app (POST /api/me/confirmation-email), limited per account and per client
 * address in the database; and signed out (POST /api/auth/send-verification-email), which
 * answers the same whether or not the address has an account.
 */

let t: TestApp;
beforeAll(async () => {
  // Real limit sizes; each client address told apart by X-Forwarded-For.
  t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: "1", TRUST_PROXY: "true", ADMIN_EMAILS: "second-chief@example.com" });
});
afterAll(async () => t?.close());

let ipSeq = 0;
const newIp = () => `198.51.100.${++ipSeq}`;
const resend = async (cookie: string | null, ip = newIp()) => {
  const res = await t.request("/api/me/confirmation-email", { method: "POST", cookie, headers: { "x-forwarded-for": ip } });
  return { status: res.status, body: (await res.json()) as { code?: string; message?: string; sentTo?: string }, retryAfter: res.headers.get("retry-after") };
};
const confirmMails = async (to: string) => (await readMails(t)).filter((m) => m.to.includes(to) && /Confirm your email/.test(m.subject));
const follow = (link: string) => t.request(link.replace(/^https?:\/\/[^/]+/, ""));
/** A refusal says the wait until the window ends (the test clock runs on, so up to a minute less than the window). */
function expectWindowWait(retryAfter: string | null, windowMs: number) {
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowMs / 1000);
  expect(Number(retryAfter)).toBeGreaterThan(windowMs / 1000 - 60);
}

describe("POST /api/me/confirmation-email", () => {
  it("asks a visitor to sign in and sends nothing", async () => {
    const before = (await readMails(t)).length;
    const res = await resend(null);
    expect(res).toMatchObject({ status: 401, body: { code: "unauthorized", message: ACCOUNT_MESSAGES.loginToManage } });
    expect((await readMails(t)).length).toBe(before);
  });

  it("sends an unconfirmed writer a new email whose link confirms the address and lands on the account page", async () => {
    const writer = await createUser(t, { email: "second-chief@example.com" });
    expect(await confirmMails(writer.email)).toHaveLength(1); // the sign-up email, lost
    const res = await resend(writer.cookie);
    expect(res).toMatchObject({ status: 200, body: { sentTo: writer.email } });
    const mails = await confirmMails(writer.email);
    expect(mails).toHaveLength(2);
    const confirmed = await follow(await latestLink(t, writer.email, /Confirm your email/));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/settings/account?email=confirmed");
    expect(await getUserRow(t, writer.id)).toMatchObject({ emailVerified: true });
    // ADMIN_EMAILS takes effect once the address is proved.
    expect((await t.json<{ user: { isAdmin: boolean; emailVerified: boolean } }>("/api/me", { cookie: writer.cookie })).body.user).toMatchObject({ isAdmin: true, emailVerified: true });
  });

  it("tells an already-confirmed writer so, and sends nothing", async () => {
    const writer = await createUser(t, { confirmed: true });
    const res = await resend(writer.cookie);
    expect(res).toMatchObject({ status: 409, body: { code: "already_confirmed", message: ACCOUNT_MESSAGES.alreadyConfirmed } });
    expect(await confirmMails(writer.email)).toHaveLength(1);
  });

  it("sends at most a few per account, from any address, saying the real wait", { timeout: 120_000 }, async () => {
    const writer = await createUser(t);
    const { perAccount } = CONFIRMATION_EMAIL_LIMITS;
    for (let i = 0; i < perAccount.max; i++) expect((await resend(writer.cookie)).status).toBe(200);
    const refused = await resend(writer.cookie);
    expect(refused.status).toBe(429);
    expectWindowWait(refused.retryAfter, perAccount.windowMs);
    expect(refused.body.message).toBe(tooManyRequestsMessage(Number(refused.retryAfter)));
    expect(await confirmMails(writer.email)).toHaveLength(1 + perAccount.max);
    // Another writer is not held up by it.
    expect((await resend((await createUser(t)).cookie)).status).toBe(200);
    t.deps.testClock!.advance(perAccount.windowMs);
    expect((await resend(writer.cookie)).status).toBe(200);
    t.deps.testClock!.reset();
  });

  it("sends at most so many per client address, whichever accounts ask", { timeout: 120_000 }, async () => {
    const ip = newIp();
    const { perClient } = CONFIRMATION_EMAIL_LIMITS;
    for (let i = 0; i < perClient.max; i++) expect((await resend((await createUser(t)).cookie, ip)).status).toBe(200);
    const writer = await createUser(t);
    expect((await resend(writer.cookie, ip)).status).toBe(429);
    expect(await confirmMails(writer.email)).toHaveLength(1);
  });
});

describe("POST /api/auth/send-verification-email, signed out", () => {
  const ask = (email: unknown, ip = newIp()) => t.request("/api/auth/send-verification-email", { json: { email }, headers: { "x-forwarded-for": ip } });

  it("answers the same for an unconfirmed, a confirmed and an unknown address, and mails only the unconfirmed one", { timeout: 120_000 }, async () => {
    const unconfirmed = await createUser(t);
    const confirmed = await createUser(t, { confirmed: true });
    const answers = [];
    for (const email of [unconfirmed.email, confirmed.email, "nobody-at-all@example.com"]) {
      const res = await ask(email.toUpperCase());
      answers.push({ status: res.status, body: await res.text() });
    }
    expect(answers[0]).toEqual({ status: 200, body: expect.any(String) });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await confirmMails(unconfirmed.email)).toHaveLength(2);
    expect(await confirmMails(confirmed.email)).toHaveLength(1);
    expect(await confirmMails("nobody-at-all@example.com")).toHaveLength(0);
  });

  it("refuses a missing or malformed address with a clear message", async () => {
    for (const email of [undefined, "", "not an address", 12]) {
      const res = await ask(email);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { message: string }).message).toMatch(/email/);
    }
  });

  it("sends one address only a few, whoever asks from wherever, the same known or not", { timeout: 120_000 }, async () => {
    const writer = await createUser(t);
    const { perAddress } = CONFIRMATION_EMAIL_LIMITS;
    for (const email of [writer.email, "nobody-either@example.com"]) {
      for (let i = 0; i < perAddress.max; i++) expect((await ask(email)).status).toBe(200);
      const refused = await ask(email);
      expect(refused.status).toBe(429);
      expectWindowWait(refused.headers.get("retry-after"), perAddress.windowMs);
    }
    expect(await confirmMails(writer.email)).toHaveLength(1 + perAddress.max);
  });
});
