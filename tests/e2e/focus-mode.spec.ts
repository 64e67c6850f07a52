import { expect, expectAccessible, registerViaApi, test } from "./fixtures.ts";

test.describe("focus mode (issue 16 item 4)", () => {
  test("the shortcut hides the top bar, keeps the text focused, survives a reload; Escape leaves", async ({ page }) => {
    await page.goto("/");
    await registerViaApi(page.request, { name: "Focused Writer" });
    await page.goto("/write");
    const text = page.getByRole("textbox", { name: "Your writing" });
    const focusMode = page.getByRole("button", { name: "Focus mode" });
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(focusMode).toHaveAttribute("aria-pressed", "false");

    await text.click();
    await text.pressSequentially("Quiet now.");
    await page.keyboard.press("Control+Shift+F");
    await expect(focusMode).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("button", { name: "publish" })).toBeHidden();
    await expect(page.getByText("Today's prompt")).toBeVisible();
    await expect(text).toBeFocused();
    await expectAccessible(page);

    // The prompt folds away; typewriter scrolling keeps the line being written mid-screen.
    await page.getByRole("button", { name: "Hide prompt" }).click();
    await expect(page.getByText("Today's prompt")).toBeHidden();
    await page.getByRole("button", { name: "Typewriter scrolling" }).click();
    await expect(page.getByRole("button", { name: "Typewriter scrolling" })).toHaveAttribute("aria-pressed", "true");
    await text.click();
    await page.keyboard.press("End");
    for (let i = 0; i < 30; i++) await page.keyboard.press("Enter");
    await page.keyboard.type("the line being written");
    // The caret is on the text's last line: that line's bottom sits at the middle of the screen
    // (without typewriter scrolling the browser keeps it at the bottom edge, above the bar).
    const fromMiddle = () => page.evaluate(() => Math.abs((document.getElementById("writing-text")?.getBoundingClientRect().bottom ?? 0) - window.innerHeight / 2));
    await expect.poll(fromMiddle).toBeLessThan(60);

    await page.reload();
    await expect(page.getByRole("button", { name: "Focus mode" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("banner")).toBeHidden();

    await page.getByRole("textbox", { name: "Your writing" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Focus mode" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("button", { name: "publish" })).toBeVisible();
    await expectAccessible(page);
  });
});
