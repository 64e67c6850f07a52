import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "#server/db/schema/index.ts";
import { runScheduledNow } from "#server/jobs/registry.ts";
import type { NotificationPrefs } from "#shared/schemas/notification-prefs.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { startSmtp } from "#tests/setup/smtp.ts";
import { createPrompt, createUser } from "#tests/factories.ts";
import { writePrefs } from "../mail-prefs/prefs.service.ts";

/* The reminder as a mail program receives it, over real SMTP (issue 14 items 2, 5): both parts, the one-click headers, no tracking. */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

it("arrives with an HTML and a text part, List-Unsubscribe one-click headers that work, and no tracking pixel", async () => {
  await createPrompt(t, { date: "2026-12-05", text: "A door <left> open & a light on" });
  const u = await createUser(t, { confirmed: true, timeZone: "Pacific/Honolulu" });
  await writePrefs(t.deps.db, u.id, { reminderEnabled: true, reminderHour: 7 });
  await t.deps.db.update(users).set({ lastWriteDate: "2026-12-04" }).where(eq(users.id, u.id));
  // Honolulu is UTC-10: 07:00 there is 17:00 UTC.
  t.deps.testClock!.set(new Date("2026-12-05T17:01:00Z"));
  await runScheduledNow(t.deps);
  // The sign-up's confirmation first, then the reminder.
  const mail = (await smtp.waitFor(2)).find((m) => m.parsed.subject?.startsWith("Today's prompt"));
  const parsed = mail!.parsed;
  expect(mail!.to).toBe(u.email);

  // As sent (mailparser folds List-* headers into one object): the raw header lines.
  const header = (key: string) => parsed.headerLines.find((l) => l.key === key)?.line.replace(/\r?\n\s+/g, " ");
  expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const listUnsubscribe = header("list-unsubscribe") ?? "";
  const oneClick = /^List-Unsubscribe: <(http:\/\/localhost:3000\/api\/mail\/unsubscribe\?token=[^>\s]+)>$/.exec(listUnsubscribe);
  expect(oneClick, listUnsubscribe).not.toBeNull();

  expect(parsed.text).toContain("A door <left> open & a light on");
  expect(parsed.text).toContain("http://localhost:3000/write");
  expect(parsed.text).toContain("http://localhost:3000/unsubscribe?token=");
  const html = String(parsed.html);
  // Escaped by React, never raw markup.
  expect(html).toContain("A door &lt;left&gt; open &amp; a light on");
  expect(html).toContain('href="http://localhost:3000/write"');
  expect(html).not.toMatch(/<img/i);

  // The header's address turns the reminder off as a mail provider posts it.
  const res = await t.app.request(oneClick![1]!.replace("http://localhost:3000", ""), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(res.status).toBe(200);
  expect((await t.json<{ prefs: NotificationPrefs }>("/api/me/notification-prefs", { cookie: u.cookie })).body.prefs.reminder).toBe(false);
});
