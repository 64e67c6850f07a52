import type { Page } from "@playwright/test";
import { shiftWeek, weekOf } from "#shared/domain/scheduler.ts";
import { confirmDelete, createPieceViaApi, expect, expectAccessible, feedCard, hydrated, signInAsAdmin, test, unique, writerPage } from "./fixtures.ts";

/** Fills (text) or empties ("") every day of a week through the scheduler API. */
async function setWeek(page: Page, dates: string[], text: (date: string) => string, expected: (date: string) => { text: string; author: null } | null) {
  const res = await page.request.put("/api/admin/scheduler", {
    data: { weekStart: dates[0], days: dates.map((date) => ({ date, text: text(date), expected: expected(date) })) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe("admin and pieces", () => {
  test("an admin deletes a public piece from its page and from /admin/prompts; the writer's feed loses both", async ({ page, browser }) => {
    const stamp = unique();
    const fromPage = `Gone from its page ${stamp}`;
    const fromPrompts = `Gone from the prompts ${stamp}`;
    const writer = await writerPage(browser, "Removed Writer");
    try {
      const a = await createPieceViaApi(writer.page.request, { title: fromPage, content: "Words an editor took down.", publish: true });
      await createPieceViaApi(writer.page.request, { title: fromPrompts, content: "More words an editor took down.", publish: true });

      // A writer is offered no delete on a piece page.
      await writer.page.goto(`/submission/${a.id}`);
      await expect(writer.page.getByRole("heading", { level: 1, name: fromPage })).toBeVisible();
      await expect(writer.page.getByRole("button", { name: /delete/i })).toHaveCount(0);

      await writer.page.goto("/community");
      await expect(feedCard(writer.page, fromPage)).toBeVisible();
      await expect(feedCard(writer.page, fromPrompts)).toBeVisible();

      await signInAsAdmin(page);
      await page.goto(`/submission/${a.id}`);
      await expect(page.getByRole("heading", { level: 1, name: fromPage })).toBeVisible();
      await hydrated(page);
      await page.getByRole("button", { name: "delete", exact: true }).click();
      // Cancel keeps it.
      await page.getByRole("dialog", { name: "Delete this piece?" }).getByRole("button", { name: "cancel" }).click();
      await expect(page.getByRole("heading", { level: 1, name: fromPage })).toBeVisible();
      await hydrated(page);
      await page.getByRole("button", { name: "delete", exact: true }).click();
      await confirmDelete(page, fromPage);
      await expect(page).toHaveURL(/\/community$/);
      await expect(feedCard(page, fromPage)).toHaveCount(0);
      expect((await page.request.get(`/api/submissions/${a.id}`)).status()).toBe(404);
      // The writer's open feed loses it live.
      await expect(feedCard(writer.page, fromPage)).toHaveCount(0);

      await page.goto("/admin/prompts");
      const item = page.getByRole("article").filter({ hasText: fromPrompts });
      await expect(item).toBeVisible();
      await expectAccessible(page);
      await item.getByRole("button", { name: /^Delete/ }).click();
      await confirmDelete(page, fromPrompts);
      await expect(item).toHaveCount(0);
      await expect(feedCard(writer.page, fromPrompts)).toHaveCount(0);

      await writer.page.reload();
      await expect(writer.page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
      await expect(writer.page.getByText("Loading community...")).toBeHidden();
      await expect(feedCard(writer.page, fromPage)).toHaveCount(0);
      await expect(feedCard(writer.page, fromPrompts)).toHaveCount(0);
    } finally {
      await writer.close();
    }
  });

  // Deleting from /admin/podium is tested in admin.spec.ts, whose tests expect the podium as they left it.
  test("an admin deletes from the community piece and /admin/users; a private piece offers none", async ({ page, browser }) => {
    const stamp = unique();
    const [inCommunity, inUsers] = ["In the community", "In the users"].map((t) => `${t} ${stamp}`) as [string, string];
    const writer = await writerPage(browser, `Many Pieces ${stamp}`);
    const ids: { id: string }[] = [];
    try {
      for (const title of [inCommunity, inUsers]) ids.push(await createPieceViaApi(writer.page.request, { title, content: `Words of ${title}.`, publish: true }));
      const hidden = await createPieceViaApi(writer.page.request, { title: `Kept private ${stamp}`, content: "Only mine.", publish: false });

      await signInAsAdmin(page);
      // The writer's private piece stays out of an admin's sight.
      expect((await page.request.get(`/api/submissions/${hidden.id}`)).status()).toBe(404);

      await page.goto(`/community?piece=${ids[0]!.id}`);
      await expect(page.getByRole("heading", { level: 1, name: inCommunity })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("button", { name: "delete", exact: true }).click();
      await confirmDelete(page, inCommunity);
      await expect(page).toHaveURL(/\/community$/);
      await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
      await expect(feedCard(page, inCommunity)).toHaveCount(0);

      await page.goto(`/admin/users?q=${encodeURIComponent(writer.email)}`);
      const detail = page.getByRole("region", { name: `Many Pieces ${stamp}` });
      await expect(detail.getByRole("heading", { name: "Submissions (2)" })).toBeVisible();
      const privateItem = detail.getByRole("article").filter({ hasText: "Kept in the writer's private portfolio" });
      await expect(privateItem).toBeVisible();
      await expect(privateItem.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
      await detail.getByRole("article").filter({ hasText: inUsers }).getByRole("button", { name: /^Delete/ }).click();
      await confirmDelete(page, inUsers);
      await expect(detail.getByRole("heading", { name: "Submissions (1)" })).toBeVisible();
      await expect(detail.getByRole("article").filter({ hasText: inUsers })).toHaveCount(0);
      await expectAccessible(page);

      await writer.page.goto("/community");
      await expect(writer.page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
      await expect(writer.page.getByText("Loading community...")).toBeHidden();
      for (const title of [inCommunity, inUsers]) await expect(feedCard(writer.page, title)).toHaveCount(0);
    } finally {
      await writer.close();
    }
  });

  test("at 375 px the prompt selected on arrival is in view, not below the scheduled prompts", async ({ page }) => {
    await signInAsAdmin(page);
    const today = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
    // Two weeks of scheduled prompts far enough ahead that no other test plans them.
    const weeks = [weekOf(shiftWeek(today, 8)), weekOf(shiftWeek(today, 9))];
    const text = (date: string) => `Scheduled for ${date}: a long prompt that wraps onto a second line on a phone.`;
    for (const dates of weeks) await setWeek(page, dates, text, () => null);
    try {
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto("/admin/prompts");
      await expect(page).toHaveURL(/\?prompt=/);
      const selected = page.getByRole("navigation", { name: "Prompts" }).locator('[aria-current="true"]');
      await expect(selected).toBeInViewport({ ratio: 1 });
      await expect(page.getByText(/^Submissions \(\d+\)$|^No submissions for this prompt yet\.$/)).toBeVisible();
      await expectAccessible(page);

      // The scheduled prompts are one tap away, and selecting one keeps it in view.
      await page.getByRole("button", { name: /scheduled prompts?/i }).click();
      const future = page.getByRole("button", { name: new RegExp(`Scheduled for ${weeks[1]![6]}`) });
      await future.click();
      await expect(future).toHaveAttribute("aria-current", "true");
      await expect(future).toBeInViewport();

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/admin/prompts");
      await expect(page).toHaveURL(/\?prompt=/);
      await expect(selected).toBeInViewport({ ratio: 1 });
    } finally {
      for (const dates of weeks) await setWeek(page, dates, () => "", (date) => ({ text: text(date), author: null }));
    }
  });
});
