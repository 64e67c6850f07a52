import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createPieceViaApi, expect, expectAccessible, ORIGIN, registerViaApi, test, unique } from "./fixtures.ts";

/* Notifications (issue 14 item 6): the bell counts live, across browsers and tabs; /notifications lists them. */

async function writerSession(browser: Browser, name: string, alias: string | null = null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerViaApi(context.request, { name, alias });
  return { context, page };
}

const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications/ });

test("a comment by another writer shows on my bell live; mark all as read in one tab clears the count in the other", async ({ browser }) => {
  const author = await writerSession(browser, "Bell Author");
  const reader = await writerSession(browser, "Real Reader Name", "Curlew");
  try {
    const title = `Harbour ${unique()}`;
    const piece = await createPieceViaApi(author.context.request, { title });

    const tabOne = author.page;
    await tabOne.goto("/profile");
    await expect(bell(tabOne)).toHaveAccessibleName("Notifications");
    const tabTwo = await author.context.newPage();
    await tabTwo.goto("/notifications");
    await expect(tabTwo.getByRole("heading", { name: "No notifications yet" })).toBeVisible();
    await expectAccessible(tabTwo);

    // The reader comments (in their own browser): the author's bell counts it without a reload.
    const posted = await reader.context.request.post(`/api/community/pieces/${piece.id}/comments`, { data: { content: "This stayed with me." }, headers: { origin: ORIGIN } });
    expect(posted.status()).toBe(201);
    await expect(bell(tabOne)).toHaveAccessibleName("Notifications, 1 unread");
    await expect(bell(tabTwo)).toHaveAccessibleName("Notifications, 1 unread");
    // The open list shows it, by the comment's label only, marked unread and linking to the piece.
    const item = tabTwo.getByRole("link", { name: `Unread: Curlew commented on '${title}'` });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute("href", `/submission/${piece.id}`);
    await expect(tabTwo.getByText("Real Reader Name")).toHaveCount(0);
    await expectAccessible(tabTwo);

    // Mark all as read in one tab: the other tab's bell goes to no count.
    await tabTwo.getByRole("button", { name: "Mark all as read" }).click();
    await expect(tabTwo.getByRole("link", { name: `Curlew commented on '${title}'`, exact: true })).toBeVisible();
    await expect(bell(tabOne)).toHaveAccessibleName("Notifications");
    await expect(bell(tabTwo)).toHaveAccessibleName("Notifications");
    await expect(tabTwo.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
  } finally {
    await author.context.close();
    await reader.context.close();
  }
});

test("the bell and the list work by keyboard and at 375 px; a like batch opens its piece and is marked read", async ({ browser }) => {
  const author = await writerSession(browser, "Small Screen Author");
  const readers = [await writerSession(browser, "First Liker"), await writerSession(browser, "Second Liker")];
  try {
    const title = `Tidewater ${unique()}`;
    const piece = await createPieceViaApi(author.context.request, { title });
    for (const r of readers) expect((await r.context.request.put(`/api/community/pieces/${piece.id}/like`, { headers: { origin: ORIGIN } })).status()).toBe(200);

    const page = author.page;
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/community");
    await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
    await bell(page).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    const item = page.getByRole("link", { name: `Unread: 2 people liked '${title}'` });
    await expect(item).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);

    await item.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName("Notifications");
  } finally {
    await author.context.close();
    for (const r of readers) await r.context.close();
  }
});
