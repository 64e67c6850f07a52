import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createPieceViaApi, expect, expectAccessible, feedCard, hydrated, registerViaApi, test, unique } from "./fixtures.ts";

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

test("a content warning hides the text behind Show on the feed and the piece page; the writer turns comments off (issue 13 item 6)", async ({ browser }) => {
  const writer = await writerSession(browser, "Warning Writer");
  const reader = await writerSession(browser, "Wary Reader");
  try {
    const title = `Winter field ${unique()}`;
    const text = `The snow kept every footprint ${unique()}.`;
    const { id } = await createPieceViaApi(writer.context.request, { title, content: text });
    // The writer sets the warning and turns comments off from their piece page.
    await writer.page.goto(`/submission/${id}`);
    await hydrated(writer.page);
    await writer.page.getByLabel(/Content warning/).fill("grief");
    await writer.page.getByRole("button", { name: "save warning" }).click();
    await expect(writer.page.getByText("Content warning saved.")).toBeVisible();
    await writer.page.getByRole("button", { name: "turn comments off" }).click();
    await expect(writer.page.getByText("Comments are off.", { exact: true })).toBeVisible();

    const page = reader.page;
    await page.goto("/community");
    const card = feedCard(page, title);
    await expect(card.getByText("Content warning: grief")).toBeVisible();
    await expect(card.getByText(text)).toHaveCount(0);
    await card.getByRole("button", { name: "Show" }).click();
    await expect(card.getByText(text)).toBeVisible();

    await page.goto(`/submission/${id}`);
    await expect(page.getByText("Content warning: grief")).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);
    await expect(page.getByText("The writer turned comments off for this piece.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Your comment" })).toHaveCount(0);
    await expectAccessible(page);
    await hydrated(page);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText(text)).toBeVisible();
  } finally {
    await writer.context.close();
    await reader.context.close();
  }
});
