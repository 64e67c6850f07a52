import { createPieceViaApi, expect, expectAccessible, feedCard, hydrated, ORIGIN, registerViaApi, test, unique } from "./fixtures.ts";

/**
 * The public pages paint from the HTML (issue 12 item 6, decision 010): their first screen is in
 * the page before any script runs, and the same page then hydrates without a mismatch (the
 * fixture fails a test on any console error, which is how React reports one).
 */

test.describe("server-rendered public pages", () => {
  let title: string;
  let pieceId: string;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: ORIGIN });
    await registerViaApi(request, { name: "Rendered Writer" });
    title = `Painted early ${unique()}`;
    pieceId = (await createPieceViaApi(request, { title, content: "Words </script><script>alert(1)</script> here." })).id;
    await request.dispose();
  });

  test("show their first screen with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Welcome to the writing club." })).toBeVisible();
      await page.goto("/community");
      await expect(page.getByRole("heading", { name: "Community" })).toBeVisible();
      await expect(feedCard(page, title)).toBeVisible();
      await page.goto(`/submission/${pieceId}`);
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(page.getByText("Words </script><script>alert(1)</script> here.")).toBeVisible();
      await page.goto("/podium");
      await expect(page.getByRole("heading", { name: "Editors' Picks", exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("hydrate into the working app, inert text staying text", async ({ page }) => {
    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page.goto(`/submission/${pieceId}`);
    await expect(page.getByText("Words </script><script>alert(1)</script> here.")).toBeVisible();
    // Hydrated: a button's handler works (a visitor is asked to sign in to like).
    await hydrated(page);
    await page.getByRole("button", { name: /like/i }).first().click();
    await expect(page.getByRole("dialog").getByText("You must be logged in to like submissions")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.goto("/community");
    await expect(feedCard(page, title)).toBeVisible();
    await hydrated(page);
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByText("Words </script><script>alert(1)</script> here.")).toBeVisible();
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "rules" }).click();
    await expect(page.getByRole("dialog", { name: "The rules" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.goto("/podium");
    await expect(page.getByRole("heading", { name: "Editors' Picks", exact: true })).toBeVisible();
    await expectAccessible(page);
    expect(dialogs).toBe(0);
  });
});
