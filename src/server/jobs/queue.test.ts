import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sentEmails } from "#server/db/schema/index.ts";
import { createTestApp, readMails, type TestApp } from "#tests/setup/app.ts";
import { startSmtp } from "#tests/setup/smtp.ts";
import { eventually } from "#tests/setup/eventually.ts";
import { EMAIL_TICK } from "./registry.ts";
import { jobsOverview } from "./status.ts";

const message = (to: string, subject: string) => ({ to, subject, text: `Hello ${to}` });

describe("the job queue with the file mailer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("sends a keyed email once, however many times it is queued", async () => {
    const mail = { message: message("once@example.com", "Only once"), key: "test:once", kind: "test" };
    await Promise.all([t.deps.outbox.queue(mail), t.deps.outbox.queue(mail)]);
    await t.deps.outbox.queue(mail);
    expect((await readMails(t)).filter((m) => m.subject === "Only once")).toHaveLength(1);
    // Queued again after it went out (a re-planned tick a week later): the ledger still says sent.
    await t.deps.outbox.queue(mail);
    expect((await readMails(t)).filter((m) => m.subject === "Only once")).toHaveLength(1);
    expect(await t.deps.db.select().from(sentEmails).where(eq(sentEmails.key, "test:once"))).toHaveLength(1);
  });

  it("runs a job sent twice with the same key once", async () => {
    expect(await t.deps.jobs.send(EMAIL_TICK, {}, { key: "same" })).toBe(true);
    expect(await t.deps.jobs.send(EMAIL_TICK, {}, { key: "same" })).toBe(false);
  });
});

describe("the job queue with a real SMTP server", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("retries a message the server refused, and delivers it", async () => {
    smtp.failNext(1);
    await t.deps.outbox.queue({ message: message("retry@example.com", "Second time lucky"), kind: "test" });
    const got = await smtp.waitFor(1);
    expect(got.map((m) => m.parsed.subject)).toContain("Second time lucky");
    expect(got.filter((m) => m.parsed.subject === "Second time lucky")).toHaveLength(1);
  });

  it("gives up after its retries and shows the failure, with the server's answer only", async () => {
    smtp.failNext(100);
    await t.deps.outbox.queue({ message: message("never@example.com", "Private words here"), kind: "test" });
    // Its retries are spaced (1 s, then 2 s): wait until the last one has failed.
    const overview = await eventually(
      () => jobsOverview(t.deps.database, t.deps.jobs.names, new Date()),
      (o) => o.failures.length > 0,
    );
    const failure = overview.failures.find((f) => f.name === "mail.send");
    expect(failure?.attempts).toBe(3);
    expect(failure?.error).toMatch(/Try again later/);
    expect(JSON.stringify(overview)).not.toContain("Private words here");
    expect(overview.queues.find((q) => q.name === "mail.send")?.failed).toBe(1);
    smtp.failNext(0);
  });
});

describe("account mail behind a batch", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp({ acceptDelayMs: 100 });
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("goes out before the scheduled mail already waiting", async () => {
    for (let i = 0; i < 6; i++) await t.deps.outbox.queue({ message: message(`batch-${i}@example.com`, `Weekly ${i}`), key: `test:batch:${i}`, kind: "test" });
    await t.deps.outbox.queue({ message: message("reset@example.com", "Reset your password"), kind: "reset" });
    const got = await smtp.waitFor(7);
    // At most the one mail already on its way when the reset was queued goes first.
    expect(got.findIndex((m) => m.parsed.subject === "Reset your password")).toBeLessThanOrEqual(1);
  });
});
