import { expect, expectAccessible, signInAsAdmin, test } from "./fixtures.ts";

test.describe("/admin/jobs", () => {
  test("shows an admin the queues behind the emails, with the confirmation email delivered, by keyboard and at 375 px", async ({ page }) => {
    // Signing in as admin confirms the admin's address: that email went through the queue.
    await signInAsAdmin(page);
    await page.goto("/admin/jobs");
    await expect(page.getByRole("heading", { level: 1, name: "Jobs & emails" })).toBeVisible();
    const delivery = page.getByRole("row", { name: /Email delivery/ });
    await expect(delivery).toBeVisible();
    // The delivery queue has finished a job: its "Last finished" cell holds a time, not "never".
    await expect(delivery.locator("time").first()).toBeVisible();
    // The minute tick is scheduled: its "Next run" cell (the last one) holds a time.
    await expect(page.getByRole("row", { name: /Scheduled emails/ }).getByRole("cell").last().locator("time")).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
