import { createPieceViaApi, expect, expectAccessible, test, writerPage } from "./fixtures.ts";

/*
 * Issue 16 item 6: the writing calendar on /profile (this year) and /profile/stats (the full
 * view), at a phone's and a laptop's width, by keyboard, in both themes.
 */

test("the calendar shows the day written, reads its words to the keyboard, and passes axe in light and dark", async ({ browser }) => {
  test.slow(); // a year of day blocks, scanned four times on a busy machine
  const { page, close } = await writerPage(browser, "Calendar Writer");
  await createPieceViaApi(page.request, { content: "Nine small words about the sea and the sky." });

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/profile/stats");
    await expect(page.getByRole("heading", { name: "Your writing calendar" })).toBeVisible();
    const day = page.getByRole("img", { name: /: 9 words$/ });
    await expect(day).toHaveCount(1);
    await expect(day, "the latest day written starts in view, even on a phone").toBeInViewport();
    await expect(page.getByText("Words per writing day")).toBeVisible();
    await expect(page.getByText(/words in \d{4}/)).toBeVisible();
    // Keyboard: tab from the back link through the year's links to the calendar's one stop, the day written.
    await page.getByRole("link", { name: "← Your portfolio" }).focus();
    let label: string | null = null;
    for (let i = 0; i < 6 && !label?.endsWith(": 9 words"); i++) {
      await page.keyboard.press("Tab");
      label = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
    }
    expect(label).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}: 9 words$/);
    // Arrow keys walk the days: the day before has no writing (or is the year's start).
    await page.keyboard.press("ArrowUp");
    const before = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    if (!/Jan 1,/.test(label!)) expect(before).toMatch(/: no writing$/);
  }

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/profile/stats");
    await expect(page.getByRole("img", { name: /: 9 words$/ })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
    await expectAccessible(page);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Your writing calendar" })).toBeVisible();
    await expect(page.getByRole("img", { name: /: 9 words$/ })).toBeVisible();
    await expectAccessible(page);
  }
  await close();
});
