import type { Browser, Page } from "@playwright/test";
import { shiftWeek, weekLabel, weekOf } from "#shared/domain/scheduler.ts";
import { MAX_ALIAS_LENGTH, MAX_NAME_LENGTH } from "#shared/constants.ts";
import { createPieceViaApi, expect, expectAccessible, registerViaApi, signInAsAdmin, test } from "./fixtures.ts";

/** A signed-in writer in a fresh browser context. */
async function writerPage(browser: Browser, name = "Plain Writer"): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await registerViaApi(page.request, { name });
  return { page, close: () => context.close() };
}

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

/** The page is no wider than the phone it is on (nothing sticks out sideways); every page is reported. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `${new URL(page.url()).pathname} is ${scrollWidth}px wide`).toBeLessThanOrEqual(width);
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

  test("an admin features a piece, sees it on both podiums and in the community, then removes it", async ({ page, browser }) => {
    const title = `The quiet harbour ${Date.now().toString(36)}`;
    const writer = await writerPage(browser, "Harbour Writer");
    await createPieceViaApi(writer.page.request, { title, content: "The boats knock softly against each other. " + "Salt and rope. ".repeat(40), publish: true });
    const writerEmail = await writer.page.request.get("/api/me").then(async (r) => ((await r.json()) as { user: { email: string } }).user.email);
    await writer.close();

    await signInAsAdmin(page);
    await page.goto("/podium");
    await expect(page.getByRole("heading", { name: "No Editors' Picks yet" })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/admin/prompts");
    // Today's prompt is selected on arrival.
    await expect(page).toHaveURL(/\?prompt=/);
    await expect(page.getByRole("heading", { name: /^Submissions \(\d+\)$/ })).toBeVisible();
    const piece = page.getByRole("article").filter({ hasText: title });
    await expect(piece.getByText("Harbour Writer")).toBeVisible();
    await expect(piece.getByRole("button", { name: "Read more" })).toBeVisible();
    await expectAccessible(page);

    await piece.getByRole("button", { name: "Add to Editor's Picks" }).click();
    await expect(page.getByText("Added to Editor's Picks!")).toBeVisible();
    await expect(piece.getByText("Editor's Pick", { exact: true })).toBeVisible();
    await expect(piece.getByRole("button", { name: "Remove from Editor's Picks" })).toHaveAttribute("title", "Remove from Editor's Picks");

    await page.goto("/admin/podium");
    await expect(page.getByText("1 featured submission")).toBeVisible();
    const pick = page.getByRole("article").filter({ hasText: title });
    await expect(pick.getByText("Harbour Writer")).toBeVisible();
    await pick.getByRole("button", { name: /^Read/ }).click();
    await expect(pick.getByText("The boats knock softly")).toBeVisible();
    await expect(pick.getByRole("button", { name: "Read more..." })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "View Public Podium" }).click();
    await expect(page).toHaveURL(/\/podium$/);
    await expect(page.getByRole("heading", { name: "Editors' Picks", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: title, exact: true })).toHaveAttribute("href", /\/submission\//);
    await expect(page.getByText("The boats knock softly", { exact: false })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/community");
    await expect(page.getByRole("article").filter({ hasText: title }).getByText("Featured", { exact: true })).toBeVisible();

    await page.goto("/admin/users");
    await page.getByLabel("Search writers").fill(writerEmail);
    await expect(page.getByRole("button", { name: new RegExp(writerEmail.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })).toHaveAttribute("aria-current", "true");
    const detail = page.getByRole("region", { name: "Harbour Writer" });
    await expect(detail.getByText(writerEmail)).toBeVisible();
    await expect(detail.getByRole("heading", { name: "Submissions (1)" })).toBeVisible();
    await expect(detail.getByText("Submitted as: name")).toBeVisible();
    await expectAccessible(page);

    await page.goto("/admin/podium");
    await page.getByRole("article").filter({ hasText: title }).getByRole("button", { name: /^Remove/ }).click();
    const removed = page.getByText("Removed from Editor's Picks!");
    await expect(removed).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Editor's Picks yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse the prompts to feature a piece" })).toHaveAttribute("href", "/admin/prompts");
    await expect(removed).toBeHidden({ timeout: 5000 });
    await expectAccessible(page);

    await page.goto("/podium");
    await expect(page.getByRole("heading", { name: "No Editors' Picks yet" })).toBeVisible();
  });

  test("a writer's Editors' Selections count follows the featured flag live", async ({ page, browser }) => {
    const writer = await writerPage(browser, "Live Writer");
    const piece = await createPieceViaApi(writer.page.request, { title: "Selected live", publish: true });
    await writer.page.goto("/profile");
    await expect(writer.page.getByText(/1 Works/)).toBeVisible();
    await expect(writer.page.getByText(/Editors' Selections/)).toHaveCount(0);

    await signInAsAdmin(page);
    const feature = await page.request.put(`/api/admin/submissions/${piece.id}/featured`, { data: { isFeatured: true } });
    expect(feature.status()).toBe(200);
    await expect(writer.page.getByText(/1 Editors' Selections/)).toBeVisible();

    const unfeature = await page.request.put(`/api/admin/submissions/${piece.id}/featured`, { data: { isFeatured: false } });
    expect(unfeature.status()).toBe(200);
    await expect(writer.page.getByText(/Editors' Selections/)).toHaveCount(0);
    await writer.close();
  });

  test("long names, aliases, titles and emails stay inside a phone screen on the podiums and the admin lists", async ({ page, browser }) => {
    const stamp = Date.now().toString(36);
    const name = `W${stamp}`.padEnd(MAX_NAME_LENGTH, "w");
    const alias = `A${stamp}`.padEnd(MAX_ALIAS_LENGTH, "a");
    const email = `${"x".repeat(40)}${stamp}@averyveryverylongdomainnamewithoutanyspaces.e2e.test`;
    const title = `T${stamp}`.padEnd(120, "t");
    const context = await browser.newContext();
    const writer = await context.newPage();
    await writer.goto("/");
    await registerViaApi(writer.request, { name, alias, email });
    const content = `${"Unbroken".repeat(30)} and then a few words.`;
    const byAlias = await createPieceViaApi(writer.request, { title, content, publish: true, signature: "alias" });
    const byName = await createPieceViaApi(writer.request, { title: `${title}N`, content, publish: true, signature: "name" });
    await context.close();

    await signInAsAdmin(page);
    for (const id of [byAlias.id, byName.id]) {
      expect((await page.request.put(`/api/admin/submissions/${id}/featured`, { data: { isFeatured: true } })).status()).toBe(200);
    }
    const width = 375;
    await page.setViewportSize({ width, height: 800 });

    await page.goto("/podium");
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
    await expect(page.getByText(alias, { exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, width);

    await page.goto("/admin/podium");
    await expect(page.getByRole("article").filter({ hasText: title }).first()).toBeVisible();
    await page.getByRole("article").filter({ hasText: alias }).getByRole("button", { name: /^Read/ }).click();
    await expectNoSidewaysScroll(page, width);

    await page.goto("/admin/prompts");
    await expect(page.getByRole("article").filter({ hasText: alias })).toBeVisible();
    await expectNoSidewaysScroll(page, width);

    await page.goto(`/admin/users?q=${encodeURIComponent(stamp)}`);
    const detail = page.getByRole("region", { name });
    await expect(detail.getByText(email)).toBeVisible();
    await expect(detail.getByText(alias, { exact: true })).toBeVisible();
    await expect(detail.getByRole("heading", { name: "Submissions (2)" })).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    await expectAccessible(page);

    // Leave the podium as it was for the other tests on this server.
    for (const id of [byAlias.id, byName.id]) {
      expect((await page.request.put(`/api/admin/submissions/${id}/featured`, { data: { isFeatured: false } })).status()).toBe(200);
    }
  });

  test("an admin deletes a pick from /admin/podium: it leaves both podiums", async ({ page, browser }) => {
    const title = `Taken down ${Date.now().toString(36)}`;
    const writer = await writerPage(browser, "Podium Writer");
    const { id } = await createPieceViaApi(writer.page.request, { title, content: "A pick an editor later took down.", publish: true });
    await writer.close();
    await signInAsAdmin(page);
    expect((await page.request.put(`/api/admin/submissions/${id}/featured`, { data: { isFeatured: true } })).status()).toBe(200);

    await page.goto("/admin/podium");
    const pick = page.getByRole("article").filter({ hasText: title });
    await pick.getByRole("button", { name: /^Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this piece?" });
    await expect(dialog.getByText(title)).toBeVisible();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Writing deleted successfully")).toBeVisible();
    await expect(pick).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "No Editor's Picks yet" })).toBeVisible();
    await page.goto("/podium");
    await expect(page.getByRole("heading", { name: "No Editors' Picks yet" })).toBeVisible();
    expect((await page.request.get(`/api/submissions/${id}`)).status()).toBe(404);
  });
});
