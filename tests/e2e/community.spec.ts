import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createPieceViaApi, expect, expectAccessible, feedCard, holdRoute, hydrated, registerViaApi, test, unique } from "./fixtures.ts";

/** A signed-in writer in their own browser context, with console errors collected. */
async function writerSession(browser: Browser, name: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await registerViaApi(context.request, { name });
  return { context, page, errors };
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource: the server responded with a status of (401|403|404|422)/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

test.describe("community", () => {
  test("two writers: a new piece is announced, likes and comments travel live", async ({ browser }) => {
    const a = await writerSession(browser, "Writer Alpha");
    const b = await writerSession(browser, "Writer Beta");
    try {
      await b.page.goto("/community");
      await expect(b.page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
      await expect(b.page.getByText("Explore how writers responded to each prompt")).toBeVisible();
      // The feed is loaded (or empty) and the live stream is open before A publishes.
      await expect(b.page.getByText("Loading community...")).toBeHidden();

      const title = `Harbour lights ${unique()}`;
      const { id } = await createPieceViaApi(a.context.request, { title, content: "The lights went out one by one.\nThen the **whole** bay was *dark*." });

      // B: the piece waits behind the bar instead of pushing the feed around.
      // (Other suites may publish at the same moment: the count is at least one.)
      const bar = b.page.getByRole("button", { name: /^\d+ new pieces? — show$/ });
      await expect(bar).toBeVisible();
      await expect(b.page.getByRole("link", { name: title })).toHaveCount(0);
      await bar.click();
      await expect(feedCard(b.page, title)).toBeVisible();
      await expect(bar).toBeHidden();
      await expect(feedCard(b.page, title).getByText("Writer Alpha")).toBeVisible();

      // A watches the feed while B likes the piece. A's own piece shows its count, with nothing
      // to press: likes count other readers (issue 11 item 12).
      await a.page.goto("/community");
      const aLikes = feedCard(a.page, title).getByTitle("You can't like your own piece.");
      await expect(aLikes).toHaveText("0 likes on your piece");
      await expect(feedCard(a.page, title).getByRole("button", { name: /like/i })).toHaveCount(0);
      const bLike = feedCard(b.page, title).getByRole("button", { name: /like/i });
      await bLike.click();
      await expect(bLike).toHaveAttribute("aria-pressed", "true");
      await expect(bLike).toHaveText(/1/);
      await expect(aLikes).toHaveText("1 like on your piece");

      // A opens the piece; B comments from the detail view; A sees the comment arrive.
      await a.page.getByRole("link", { name: title }).click();
      await expect(a.page).toHaveURL(new RegExp(`[?&]piece=${id}`));
      await expect(a.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(a.page.locator("strong", { hasText: "whole" })).toBeVisible();
      await expect(a.page.getByRole("heading", { name: "0 Comments" })).toBeVisible();
      await expect(a.page.getByText("No comments yet")).toBeVisible();

      await b.page.getByRole("link", { name: title }).click();
      const box = b.page.getByPlaceholder("What are your thoughts?");
      await box.fill("   The last line *stays* with me.   ");
      await b.page.getByRole("button", { name: "Comment", exact: true }).click();
      await expect(b.page.getByRole("heading", { name: "1 Comment" })).toBeVisible();
      await expect(box).toHaveValue("");

      await expect(a.page.getByRole("heading", { name: "1 Comment" })).toBeVisible();
      const comments = a.page.getByRole("list", { name: "Comments" });
      await expect(comments.getByText("Writer Beta")).toBeVisible();
      await expect(comments.locator("em", { hasText: "stays" })).toBeVisible();

      // The detail survives a reload and its back link returns to the feed.
      await a.page.reload();
      await expect(a.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await a.page.getByRole("link", { name: "Back to Community" }).first().click();
      await expect(a.page).toHaveURL(/\/community$/);
      await expect(feedCard(a.page, title)).toBeVisible();
      expect([...a.errors, ...b.errors]).toEqual([]);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  test("a visitor can read but is asked to sign in to like and to comment", async ({ page, browser }) => {
    const writer = await writerSession(browser, "Visible Writer");
    const title = `Open to all ${unique()}`;
    try {
      await createPieceViaApi(writer.context.request, { title, content: "Anyone may read this." });
    } finally {
      await writer.context.close();
    }
    await page.goto("/community");
    const item = feedCard(page, title);
    await expect(item).toBeVisible();
    // The card is in the server-rendered page: its button answers once the page is hydrated.
    await hydrated(page);
    await item.getByRole("button", { name: /like/i }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("You must be logged in to like submissions")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "sign in" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(item.getByRole("button", { name: /like/i })).toHaveText(/0/);

    await page.getByRole("link", { name: title }).click();
    await expect(page.getByText("Anyone may read this.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Comment", exact: true })).toHaveCount(0);
    await expect(page.getByPlaceholder("What are your thoughts?")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("text that looks like HTML is shown as text and runs nothing", async ({ page, browser }) => {
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const writer = await writerSession(browser, "Careful Writer");
    const title = `<img src=x onerror=alert(1)> ${unique()}`;
    try {
      await createPieceViaApi(writer.context.request, { title, content: "<script>alert(1)</script>\n<img src=x onerror=alert(2)> and **bold**" });
    } finally {
      await writer.context.close();
    }
    await page.goto("/community");
    const item = feedCard(page, title);
    await expect(item).toBeVisible();
    await expect(item.getByText("<script>alert(1)</script>")).toBeVisible();
    await expect(item.locator("img, script")).toHaveCount(0);

    await page.getByRole("link", { name: title }).click();
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(article.getByText("<img src=x onerror=alert(2)> and", { exact: false })).toBeVisible();
    await expect(article.locator("strong", { hasText: "bold" })).toBeVisible();
    await expect(article.locator("img, script")).toHaveCount(0);
    // A marker instead of a wait: the page loads an image from the address an injected <img src=x>
    // would have, and alerts when it fails. An injected image, there since the piece rendered, would
    // have failed (and alerted) first.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const probe = new Image();
          probe.onerror = () => {
            alert("probe done");
            resolve();
          };
          probe.src = "x";
        }),
    );
    expect(dialogs).toEqual(["probe done"]);
  });

  test("filters, sort and search live in the URL; the layout is remembered; no accessibility violations", async ({ page, browser }) => {
    const writer = await writerSession(browser, "Searchable Writer");
    const word = `zephyr${unique()}`;
    try {
      await createPieceViaApi(writer.context.request, { title: `Found by ${word}`, content: `A piece about ${word} and the wind.` });
    } finally {
      await writer.context.close();
    }
    await page.goto("/community");
    await expect(page.getByRole("link", { name: `Found by ${word}` })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("combobox", { name: "Sort" }).selectOption({ label: "Most Liked" });
    await expect(page).toHaveURL(/sort=liked/);
    await page.getByRole("combobox", { name: "Responses" }).selectOption({ label: "This Week" });
    await expect(page).toHaveURL(/filter=week/);
    await page.getByPlaceholder("Search responses...").fill(word.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`q=${word.toUpperCase()}`));
    await expect(page.getByRole("link", { name: `Found by ${word}` })).toBeVisible();
    await expect(page.getByRole("list", { name: "Responses" }).getByRole("listitem")).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole("combobox", { name: "Sort" })).toHaveValue("liked");
    await expect(page.getByRole("combobox", { name: "Responses" })).toHaveValue("week");
    await expect(page.getByPlaceholder("Search responses...")).toHaveValue(word.toUpperCase());
    await expect(page.getByRole("link", { name: `Found by ${word}` })).toBeVisible();

    await page.getByPlaceholder("Search responses...").fill(`${word}nothing`);
    await expect(page.getByRole("heading", { name: "No responses found" })).toBeVisible();
    await expect(page.getByText(`No responses match "${word}nothing". Try a different search.`)).toBeVisible();

    await page.getByRole("button", { name: "List view" }).click();
    await page.reload();
    await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
    await page.getByPlaceholder("Search responses...").fill("");
    await expect(page).not.toHaveURL(/q=/);
    await page.getByRole("combobox", { name: "Prompt" }).selectOption({ label: "Weekly Freewrite" });
    await expect(page).toHaveURL(/prompt=freewrite/);
    // A prompt nobody answered (a shared link to it): the filters' empty state.
    await page.goto("/community?prompt=00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "No responses found" })).toBeVisible();
    await expect(page.getByText("No responses match your current filters.")).toBeVisible();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/community");
    await expect(page.getByRole("link", { name: `Found by ${word}` })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: `Found by ${word}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Found by ${word}` })).toBeVisible();
    await expectAccessible(page);
  });
});

test("a page still loading says so at full contrast: the label does not fade, only a dot after it pulses", async ({ page }) => {
  await registerViaApi(page.request, { name: "Patient Reader" });
  // A signed-in reader's page is not rendered on the server: it loads the feed itself, held here.
  const release = await holdRoute(page, "**/api/community/feed**");
  await page.goto("/community");
  const label = page.getByText("Loading community...");
  await expect(label).toBeVisible();
  expect(await label.evaluate((el) => el.getAnimations().length)).toBe(0);
  expect(await label.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(1);
  await expectAccessible(page);
  release();
  await expect(label).toBeHidden();
});
