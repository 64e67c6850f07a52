import type { Browser, Page } from "@playwright/test";
import { shiftWeek, weekLabel, weekOf } from "#shared/domain/scheduler.ts";
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
});
