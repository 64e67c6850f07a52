import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unsubscribeToken } from "../../src/server/mail/unsubscribe-token.ts";
import { DATA_DIR, expect, expectAccessible, mailsTo, readMail, registerViaApi, test } from "./fixtures.ts";

/* Issue 14 item 7: /settings/notifications and the page an email's unsubscribe link opens. */

/** The e2e server's own secret (generated into its data folder), to sign a link as an email would. */
const secret = () => readFileSync(join(DATA_DIR, "auth-secret"), "utf8").trim();

test("a writer chooses their emails, saves, and finds them saved after a reload", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await registerViaApi(page.request);
  await page.goto("/settings");
  await page.getByRole("link", { name: "Email settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Email settings" })).toBeVisible();
  const weekly = page.getByRole("checkbox", { name: "Weekly best-of" });
  await expect(weekly).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Daily reminder" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Write-in reminders" })).not.toBeChecked();
  await expectAccessible(page);
  // Nothing wider than a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // By keyboard: Space toggles, the selects take their values, Enter saves.
  await weekly.focus();
  await page.keyboard.press("Space");
  await expect(weekly).not.toBeChecked();
  await page.getByRole("checkbox", { name: "Daily reminder" }).check();
  await page.getByRole("checkbox", { name: "Write-in reminders" }).check();
  await page.getByRole("combobox", { name: "Reminder time" }).selectOption("7");
  await page.getByRole("combobox", { name: "Notification digest" }).selectOption("weekly");
  await page.getByRole("button", { name: "Save" }).press("Enter");
  await expect(page.getByText("Your email settings are saved.")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Weekly best-of" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Monthly collection" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Daily reminder" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Write-in reminders" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Reminder time" })).toHaveValue("7");
  await expect(page.getByRole("combobox", { name: "Notification digest" })).toHaveValue("weekly");
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("UTC");
});

test("an unconfirmed writer is told these emails won't come, asks for the confirmation email again, and its link confirms the address", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const writer = await registerViaApi(page.request);
  const confirmMails = () => mailsTo(writer.email, /Confirm your email/);
  // The sign-up email came, and was lost.
  await readMail(writer.email, /Confirm your email/);
  expect(confirmMails()).toHaveLength(1);

  await page.goto("/settings/notifications");
  await expect(page.getByRole("checkbox", { name: "Weekly best-of" })).toBeVisible();
  await expect(page.getByText("Your email isn't confirmed yet.")).toBeVisible();
  await expect(page.getByText(`None of these emails can reach you until your address is confirmed. To confirm ${writer.email}`, { exact: false })).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole("button", { name: "Send the confirmation email again" }).press("Enter");
  await expect(page.getByText("We sent the confirmation email again. Follow its link to confirm your address.")).toBeVisible();
  await expect.poll(() => confirmMails().length).toBe(2);
  await expectAccessible(page);

  await page.goto(confirmMails()[0]!.link);
  await expect(page).toHaveURL(/\/settings\/account\?email=confirmed$/);
  await expect(page.getByText("Your email is confirmed.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Email", exact: true })).toBeVisible();
  await expect(page.getByText("Your email isn't confirmed yet.")).toHaveCount(0);
  await expectAccessible(page);

  await page.goto("/settings/notifications");
  await expect(page.getByRole("checkbox", { name: "Weekly best-of" })).toBeVisible();
  await expect(page.getByText("Your email isn't confirmed yet.")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send the confirmation email again" })).toHaveCount(0);
});

test("an unsubscribe link confirms in words, signed out, and offers to undo", async ({ page, browser }) => {
  await page.goto("/");
  const writer = await registerViaApi(page.request);
  const prefs = async () => ((await (await page.request.get("/api/me/notification-prefs")).json()) as { prefs: { weekly: boolean } }).prefs;

  // The link opens in a browser that is not signed in.
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const visitor = await context.newPage();
  await visitor.goto(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret(), writer.id, "weekly"))}`);
  await expect(visitor.getByRole("heading", { name: "Unsubscribed" })).toBeVisible();
  await expect(visitor.getByText("You will no longer get the weekly best-of.")).toBeVisible();
  expect((await prefs()).weekly).toBe(false);
  await expectAccessible(visitor);

  await visitor.getByRole("button", { name: "Undo" }).click();
  await expect(visitor.getByText("You will get the weekly best-of again.")).toBeVisible();
  await expect(visitor.getByRole("button", { name: "Undo" })).toBeHidden();
  expect((await prefs()).weekly).toBe(true);
  await expect(visitor.getByRole("link", { name: "Email settings" })).toBeVisible();

  // A tampered link says so and changes nothing.
  await visitor.goto(`/unsubscribe?token=${encodeURIComponent(`${unsubscribeToken(secret(), writer.id, "weekly")}x`)}`);
  await expect(visitor.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await expect(visitor.getByText("This unsubscribe link is not valid.", { exact: false })).toBeVisible();
  expect((await prefs()).weekly).toBe(true);
  await expectAccessible(visitor);
  await context.close();
});

test("the keep-reminding link asks first, and keeps the reminder only on the writer's yes", async ({ page, browser }) => {
  await page.goto("/");
  const writer = await registerViaApi(page.request);
  const reminder = async () => ((await (await page.request.get("/api/me/notification-prefs")).json()) as { prefs: { reminder: boolean } }).prefs.reminder;
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const visitor = await context.newPage();
  await visitor.goto(`/keep-reminding?token=${encodeURIComponent(unsubscribeToken(secret(), writer.id, "reminder"))}`);
  await expect(visitor.getByRole("heading", { name: "Keep your daily reminder?" })).toBeVisible();
  await expectAccessible(visitor);
  // Opening the page (as a link scanner would) answers nothing.
  expect(await reminder()).toBe(false);
  await visitor.getByRole("button", { name: "Yes, keep reminding me" }).click();
  await expect(visitor.getByRole("heading", { name: "We'll keep reminding you" })).toBeVisible();
  expect(await reminder()).toBe(true);
  await context.close();
});

test("after the first piece the writing page offers the daily reminder once", async ({ page }) => {
  await registerViaApi(page.request);
  const save = async (text: string) => {
    await page.goto("/write");
    await page.getByRole("textbox", { name: "Your writing" }).fill(text);
    await expect(page.getByRole("timer", { name: "Writing time complete" })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("button", { name: "save" }).click();
    await page.getByRole("dialog", { name: "Save your writing" }).getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Nice work, you just got better at writing." })).toBeVisible();
  };
  await save("The first words, before the kettle boiled.");
  const offer = page.getByRole("region", { name: "Make it a habit?" });
  await expect(offer).toBeVisible();
  await expectAccessible(page);
  await offer.getByRole("combobox", { name: "Remind me to write each day at" }).selectOption("8");
  await offer.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText(/We'll remind you each day at 8/)).toBeVisible();
  const prefs = (await (await page.request.get("/api/me/notification-prefs")).json()) as { prefs: { reminder: boolean; reminderHour: number } };
  expect(prefs.prefs).toMatchObject({ reminder: true, reminderHour: 8 });

  await save("The second words, after the kettle.");
  await expect(page.getByRole("link", { name: "your portfolio" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Make it a habit?" })).toHaveCount(0);
});
