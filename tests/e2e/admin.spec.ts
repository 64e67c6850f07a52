import type { Page } from "@playwright/test";
import { shiftWeek, weekLabel, weekOf } from "#shared/domain/scheduler.ts";
import { expect, expectAccessible, registerViaApi, signInAsAdmin, test, writerPage } from "./fixtures.ts";

const todayIn = (page: Page) => page.evaluate(() => new Date().toLocaleDateString("en-CA"));

type WeekJson = { days: { date: string; prompt: { text: string; author: string | null } | null }[] };

/** Saves days of a week through the API as another admin would (`expected`: what they loaded). */
async function saveDaysViaApi(page: Page, dates: string[], changes: Record<number, { text: string; expected: { text: string; author: string | null } | null }>) {
  const res = await page.request.put("/api/admin/scheduler", {
    data: {
      weekStart: dates[0],
      days: dates.map((date, i) => changes[i] ? { date, text: changes[i].text, expected: changes[i].expected } : { date, text: "", expected: null }),
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as WeekJson & { outcomes: { status: string }[] };
}

test.describe("admin", () => {
  test("a writer opening the admin pages is sent home", async ({ page }) => {
    await page.goto("/");
    await registerViaApi(page.request);
    for (const path of ["/admin", "/admin/scheduler", "/admin/prompts", "/admin/users", "/admin/podium"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    const res = await page.request.get("/api/admin/users");
    expect(res.status()).toBe(403);
  });

  test("an admin schedules next week with an author", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/scheduler");
    const today = await todayIn(page);
    await expect(page.getByRole("heading", { name: weekLabel(today) })).toBeVisible();
    await expect(page.getByText(/existing prompts? (found )?for this week/)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Next Week" }).click();
    const next = weekOf(shiftWeek(today, 1));
    await expect(page.getByRole("heading", { name: weekLabel(next[0]!) })).toBeVisible();
    await expect(page.getByText("No existing prompts found for this week - ready to create new ones")).toBeVisible();

    const monday = page.getByRole("region", { name: /^Monday/ });
    await monday.getByPlaceholder("Enter Monday's writing prompt...").fill("Write about a **LARGE:lighthouse** you have never visited.");
    await monday.getByLabel("Author attribution (optional)").fill("  Mary Oliver ");
    await expect(monday.getByText("Prompt by Mary Oliver")).toBeVisible();
    await expect(monday.getByText("Status: edited")).toBeVisible();
    const friday = page.getByRole("region", { name: /^Friday/ });
    await friday.getByPlaceholder("Enter Friday's writing prompt...").fill("A letter you never sent.");
    await expect(page.getByText("2 of 7 days have prompts")).toBeVisible();

    await page.getByRole("button", { name: "Save All Prompts" }).click();
    await expect(page.getByText("Success! 2 new prompts created")).toBeVisible();
    await expect(monday.getByText("Status: saved")).toBeVisible();
    await expect(page.getByRole("region", { name: /^Sunday/ }).getByText("Status: empty")).toBeVisible();

    // Stored as typed (trimmed), author apart from the text.
    const api = await page.request.get(`/api/admin/scheduler?week=${next[0]}`);
    const week = (await api.json()) as { days: { date: string; prompt: { text: string; author: string | null } | null }[] };
    expect(week.days[1]!.prompt).toMatchObject({ text: "Write about a **LARGE:lighthouse** you have never visited.", author: "Mary Oliver" });
    expect(week.days[5]!.prompt).toMatchObject({ text: "A letter you never sent.", author: null });

    // Emptying a day deletes its prompt.
    await friday.getByPlaceholder("Enter Friday's writing prompt...").fill("");
    await page.getByRole("button", { name: "Save All Prompts" }).click();
    await expect(page.getByText("Success! 1 prompt deleted")).toBeVisible();
    await expect(friday.getByText("Status: deleted")).toBeVisible();

    await page.getByRole("button", { name: "Reload Prompts" }).click();
    await expect(page.getByText("Loaded 1 existing prompt for this week")).toBeVisible();
    await expect(monday.getByPlaceholder("Enter Monday's writing prompt...")).toHaveValue("Write about a **LARGE:lighthouse** you have never visited.");

    await page.getByRole("button", { name: "Go to Current Week" }).click();
    await expect(page.getByRole("heading", { name: weekLabel(today) })).toBeVisible();
  });

  test("saving the week does not overwrite a day someone else changed after it was loaded", async ({ page }) => {
    await signInAsAdmin(page);
    const today = await todayIn(page);
    const dates = weekOf(shiftWeek(today, 3));
    await saveDaysViaApi(page, dates, { 1: { text: "Monday as loaded", expected: null }, 2: { text: "Tuesday as loaded", expected: null } });

    await page.goto(`/admin/scheduler?week=${dates[0]}`);
    await expect(page.getByText("Loaded 2 existing prompts for this week")).toBeVisible();
    const card = (day: string) => page.getByRole("region", { name: new RegExp(`^${day}`) });
    const field = (day: string) => card(day).getByPlaceholder(`Enter ${day}'s writing prompt...`);
    await expect(field("Monday")).toHaveValue("Monday as loaded");

    // Another editor changes Monday and fills Wednesday and Thursday while this page is open.
    await field("Thursday").fill("Thursday by me");
    const theirs = await saveDaysViaApi(page, dates, {
      1: { text: "Monday by another editor", expected: { text: "Monday as loaded", author: null } },
      2: { text: "Tuesday as loaded", expected: { text: "Tuesday as loaded", author: null } },
      3: { text: "Wednesday by another editor", expected: null },
      4: { text: "Thursday by another editor", expected: null },
    });
    expect(theirs.outcomes.map((o) => o.status)).toEqual(["empty", "updated", "unchanged", "saved", "saved", "empty", "empty"]);

    await field("Monday").fill("Monday by me");
    await field("Tuesday").fill("Tuesday by me");
    await page.getByRole("button", { name: "Save All Prompts" }).click();
    const changed = "Changed by someone else since you loaded this week. Reload Prompts to see it.";
    await expect(page.getByText(`Partially completed: 1 prompt updated. Errors: Monday: ${changed}; Thursday: ${changed}`)).toBeVisible();
    await expect(card("Monday").getByText("Status: error")).toBeVisible();
    await expect(card("Monday").getByText(changed)).toBeVisible();
    // What this admin typed stays on the refused day; the day they never touched shows the other editor's prompt.
    await expect(field("Monday")).toHaveValue("Monday by me");
    await expect(card("Tuesday").getByText("Status: updated")).toBeVisible();
    await expect(field("Wednesday")).toHaveValue("Wednesday by another editor");

    const stored = (await (await page.request.get(`/api/admin/scheduler?week=${dates[0]}`)).json()) as WeekJson;
    const texts = [null, "Monday by another editor", "Tuesday by me", "Wednesday by another editor", "Thursday by another editor", null, null];
    expect(stored.days.map((d) => d.prompt?.text ?? null)).toEqual(texts);

    // Typing more and saving again does not force it through; reloading shows the other editor's words.
    await field("Thursday").fill("Thursday by me, again");
    await page.getByRole("button", { name: "Save All Prompts" }).click();
    await expect(page.getByText(`Partially completed: no changes made. Errors: Monday: ${changed}; Thursday: ${changed}`)).toBeVisible();
    const after = (await (await page.request.get(`/api/admin/scheduler?week=${dates[0]}`)).json()) as WeekJson;
    expect(after.days.map((d) => d.prompt?.text ?? null)).toEqual(texts);
    await page.getByRole("button", { name: "Reload Prompts" }).click();
    await expect(field("Monday")).toHaveValue("Monday by another editor");
    await expect(field("Thursday")).toHaveValue("Thursday by another editor");
    await expect(page.getByText("Loaded 4 existing prompts for this week")).toBeVisible();
  });

  test("an admin sets today's prompt with LARGE and small markup and a writer sees it", async ({ page, browser }) => {
    await signInAsAdmin(page);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Today's Prompt" })).toBeVisible();
    await expectAccessible(page);

    const field = page.getByLabel("Prompt text");
    const update = page.getByRole("button", { name: "Update Today's Prompt" });
    await field.fill("   ");
    await expect(update).toBeDisabled();
    await expect(page.getByText("Please enter a prompt text")).toBeVisible();

    await field.fill("Harbour lights\nWrite about a night you could not sleep.");
    await field.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, "Harbour lights".length));
    await page.getByRole("button", { name: "LARGE" }).click();
    await expect(field).toHaveValue("**LARGE:Harbour lights**\nWrite about a night you could not sleep.");
    // Nothing selected: the toolbar inserts a placeholder, selected, ready to be typed over.
    await field.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await page.getByRole("button", { name: "small" }).click();
    await page.keyboard.type("ten minutes, no more");
    await expect(field).toHaveValue("**LARGE:Harbour lights**\nWrite about a night you could not sleep.~~small:ten minutes, no more~~");

    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.locator("strong", { hasText: "Harbour lights" })).toHaveCSS("font-size", "24px");
    await expect(preview.getByText("ten minutes, no more")).toHaveCSS("font-size", "12px");
    await expect(preview).not.toContainText("LARGE:");

    await update.click();
    const done = page.getByText("Prompt updated successfully!");
    await expect(done).toBeVisible();
    await expect(done).toBeHidden({ timeout: 7000 });

    // A writer gets it as today's prompt, rendered, not as markers.
    const writer = await writerPage(browser);
    const res = await writer.page.request.get("/api/prompts/today");
    const body = (await res.json()) as { prompt: { text: string } };
    expect(body.prompt.text).toBe("**LARGE:Harbour lights**\nWrite about a night you could not sleep.~~small:ten minutes, no more~~");
    await writer.page.goto("/write");
    await expect(writer.page.locator("strong", { hasText: "Harbour lights" }).first()).toHaveCSS("font-size", "24px");
    await expect(writer.page.getByText("ten minutes, no more")).toBeVisible();
    await expect(writer.page.getByText("LARGE:")).toHaveCount(0);

    // Attributed in the scheduler, the author shows under the prompt on /write.
    await page.goto("/admin/scheduler");
    const dayName = await page.evaluate(() => new Date().toLocaleDateString("en-US", { weekday: "long" }));
    const todayCard = page.getByRole("region", { name: new RegExp(`^${dayName}`) });
    await todayCard.getByLabel("Author attribution (optional)").fill("Ursula K. Le Guin");
    await page.getByRole("button", { name: "Save All Prompts" }).click();
    await expect(page.getByText("Success! 1 prompt updated")).toBeVisible();
    await writer.page.reload();
    await expect(writer.page.getByText("Prompt by Ursula K. Le Guin")).toBeVisible();
    await writer.close();
  });
});
