import type { Page } from "@playwright/test";
import { expect, hydrated, registerViaApi, test } from "./fixtures.ts";

/** Where focus goes when a dialog or the menu opens and closes (issue 11 item 14). */

async function waitForWritingTime(page: Page) {
  await expect(page.getByRole("timer", { name: "Writing time complete" })).toBeVisible({ timeout: 15_000 });
}

test.describe("keyboard focus", () => {
  for (const [action, form] of [
    ["save", "Save your writing"],
    ["publish", "How would you like to share this?"],
  ] as const) {
    test(`the ${action} form opens on its Title field, not on ×`, async ({ page }) => {
      await registerViaApi(page.request, { name: "Focus Writer" });
      await page.goto("/write");
      await page.getByRole("textbox", { name: "Your writing" }).fill("A few words to keep.");
      await waitForWritingTime(page);
      await page.getByRole("button", { name: action, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: form });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Title")).toBeFocused();
      // Escape still closes it, and focus goes back to the button that opened it.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("button", { name: action, exact: true })).toBeFocused();
    });
  }

  test("Tab out of the open menu closes it; Shift+Tab back to its button keeps it open", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const button = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Main" });
    await button.click();
    await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();

    await page.keyboard.press("Shift+Tab");
    await expect(button).toBeFocused();
    await expect(menu).toBeVisible();

    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Sign In" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: /theme$/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });
});
