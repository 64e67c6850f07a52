import { expect, holdRoute, registerViaApi, test } from "./fixtures.ts";

/** Spec strings (issue 11 item 17): Home's loading words and the share token message (§2, §8). */

test.describe("the spec's words", () => {
  test('Home reads "brewing your words..." while it loads', async ({ page }) => {
    // A visitor's Home comes rendered from the server (decision 010): nothing to wait for.
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the writing club." })).toBeVisible();
    // A signed-in writer's Home is rendered in the browser, which first learns who they are.
    await registerViaApi(page.request, { name: "Brewing Writer" });
    const release = await holdRoute(page, "**/api/me");
    await page.goto("/");
    await expect(page.getByRole("status").filter({ hasText: "brewing" })).toHaveText("brewing your words...");
    release();
    await expect(page.getByRole("heading", { level: 1, name: /Brewing\s+welcome back/ })).toBeVisible();
  });

  test('a share token that finds nothing: the API says "Invalid or expired share token", the page its own words', async ({ page }) => {
    const res = await page.request.get("/api/share/Zz9_-Zz9");
    expect(res.status()).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("Invalid or expired share token");

    await page.goto("/share/Zz9_-Zz9");
    await expect(page.getByRole("heading", { name: "Share Link Error" })).toBeVisible();
    await expect(page.getByText("This share link is invalid or has expired")).toBeVisible();
  });
});
