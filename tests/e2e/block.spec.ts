import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createPieceViaApi, expect, expectAccessible, feedCard, registerViaApi, test, unique } from "./fixtures.ts";

/* Blocks (issue 13 item 5): a writer blocks an anonymous writer and their pieces disappear. */

async function writerSession(browser: Browser, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerViaApi(context.request, { name });
  return { context, page };
}

test("a writer blocks an anonymous writer from their piece: their pieces disappear, and settings lists them as Anonymous to unblock", async ({ browser }) => {
  const masked = await writerSession(browser, "Masked Author");
  const reader = await writerSession(browser, "Careful Reader");
  try {
    const first = `Owl hours ${unique()}`;
    const second = `Moth light ${unique()}`;
    await createPieceViaApi(masked.context.request, { title: first, signature: "anonymous" });
    await createPieceViaApi(masked.context.request, { title: second, signature: "anonymous" });

    const page = reader.page;
    await page.goto("/community");
    await expect(feedCard(page, first)).toBeVisible();
    await expect(feedCard(page, second)).toBeVisible();
    await page.getByRole("link", { name: first, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: first })).toBeVisible();

    await page.getByRole("button", { name: "block the writer of this piece (Anonymous)" }).click();
    const dialog = page.getByRole("dialog", { name: "Block this writer?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByText("You won't see this writer's pieces or comments")).toBeVisible();

    // Back on the feed: both of their pieces are gone, also after a reload.
    await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
    await expect(page.getByRole("link", { name: first, exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: second, exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("Loading community...")).toBeHidden();
    await expect(page.getByRole("link", { name: second, exact: true })).toHaveCount(0);

    // Settings: listed by the label the reader saw, never the name behind it.
    await page.goto("/settings");
    const list = page.getByRole("list", { name: "Blocked writers" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem")).toContainText("Anonymous");
    await expect(page.getByText("Masked Author")).toHaveCount(0);
    await expectAccessible(page);

    await list.getByRole("button", { name: "Unblock Anonymous" }).click();
    await expect(page.getByText("You haven't blocked anyone")).toBeVisible();
    await page.goto("/community");
    await expect(feedCard(page, second)).toBeVisible();
  } finally {
    await masked.context.close();
    await reader.context.close();
  }
});
