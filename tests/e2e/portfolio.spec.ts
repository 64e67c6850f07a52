import { advanceServerClock, createPieceViaApi, expect, expectAccessible, registerViaApi, test } from "./fixtures.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

test.describe("portfolio, piece page and share links", () => {
  test("edit a published piece privately: the owner sees the Portfolio Version, the community copy is unchanged", async ({ page, browser }) => {
    await registerViaApi(page.request, { name: "Edith Wharton" });
    const { id } = await createPieceViaApi(page.request, { title: "The lighthouse", content: "The keeper climbed the stairs at dusk." });

    await page.goto(`/edit/${id}`);
    await expect(page.getByText("Editing your response to:")).toBeVisible();
    await expect(page.getByText("Changes will only be saved to your portfolio, not the community version.")).toBeVisible();
    const text = page.getByPlaceholder("Start writing here...");
    await expect(text).toHaveValue("The keeper climbed the stairs at dusk.");
    await expectAccessible(page);
    await text.fill("The keeper climbed the stairs at dawn, and *counted* every one.");
    await page.getByRole("button", { name: "save changes" }).click();
    const dialog = page.getByRole("dialog", { name: "Save your changes" });
    await expect(dialog.getByText("Your changes will be saved privately to your portfolio.")).toBeVisible();
    await dialog.getByPlaceholder("Give your piece a title...").fill("The lighthouse, revised");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    // The toast lasts 3 s from the save's answer; the portfolio may take longer than that to open.
    await expect(page.getByText("Changes saved to your portfolio")).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("button", { name: "The lighthouse, revised", exact: true })).toBeVisible();
    await expect(page.getByText("Edited", { exact: true })).toBeVisible();

    await page.goto(`/submission/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "The lighthouse, revised" })).toBeVisible();
    await expect(page.getByText("Portfolio Version")).toBeVisible();
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
    await expect(page.locator("em", { hasText: "counted" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Portfolio" })).toBeVisible();
    await expectAccessible(page);

    // Inline edit on the piece page.
    await page.getByRole("button", { name: "edit", exact: true }).click();
    await page.getByLabel("Your writing").fill("Dawn, the stairs, the light.");
    await page.getByRole("button", { name: "save", exact: true }).click();
    await expect(page.getByText("Your changes have been saved!")).toBeVisible();
    await expect(page.getByText("Dawn, the stairs, the light.")).toBeVisible();

    // The community copy, signed out.
    const visitor = await browser.newContext();
    try {
      const res = await visitor.request.get(`/api/submissions/${id}`);
      expect(res.status()).toBe(200);
      const { submission } = (await res.json()) as { submission: Record<string, unknown> };
      expect(submission).toMatchObject({ title: "The lighthouse", content: "The keeper climbed the stairs at dusk.", isOwner: false });
      expect(submission).not.toHaveProperty("privateContent");
      const other = await visitor.newPage();
      await other.goto(`/submission/${id}`);
      await expect(other.getByRole("heading", { level: 1, name: "The lighthouse" })).toBeVisible();
      await expect(other.getByText("The keeper climbed the stairs at dusk.")).toBeVisible();
      await expect(other.getByText("Portfolio Version")).toHaveCount(0);
      await expect(other.getByRole("link", { name: "Back to Home" })).toBeVisible();
      // Its head carries the social preview, written by the server.
      const html = await (await visitor.request.get(`/submission/${id}`)).text();
      expect(html).toContain('<meta property="og:title" content="The lighthouse · inkwell">');
      expect(html).toContain(`/api/og/${id}.png`);
    } finally {
      await visitor.close();
    }
  });

  test("search and sort the portfolio, switch to the list, and change the alias", async ({ page }) => {
    await registerViaApi(page.request, { name: "Sorting Writer" });
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Your Portfolio Awaits" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Freewriting" })).toBeVisible();

    // One after another, so "Recent" has a known order.
    await createPieceViaApi(page.request, { title: "Apple orchard", content: "short words", publish: false });
    await createPieceViaApi(page.request, { title: "Cherry tree", content: "a considerably longer piece with many more words than the others here" });
    await createPieceViaApi(page.request, { title: "banana bread", content: "a middling piece of writing" });

    await page.reload();
    const titles = page.locator("main h3");
    await expect(titles).toHaveText(["banana bread", "Cherry tree", "Apple orchard"]);
    await expect(page.getByText("1 Day Streak • 3 Works • 0.1 Pages Written")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Sort").selectOption({ label: "Title" });
    await expect(titles).toHaveText(["Apple orchard", "banana bread", "Cherry tree"]);
    await page.getByLabel("Sort").selectOption({ label: "Word Count" });
    await expect(titles).toHaveText(["Cherry tree", "banana bread", "Apple orchard"]);

    await page.getByPlaceholder("Search your writing...").fill("MIDDLING");
    await expect(titles).toHaveText(["banana bread"]);
    await page.getByPlaceholder("Search your writing...").fill("nothing like this");
    await expect(page.getByRole("heading", { name: "No matches found" })).toBeVisible();
    await page.getByPlaceholder("Search your writing...").fill("");
    await expect(titles).toHaveCount(3);

    await page.getByRole("button", { name: "List" }).click();
    await page.reload();
    await expect(page.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");

    // The reader.
    await page.getByRole("button", { name: "Cherry tree", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Cherry tree" })).toBeVisible();
    await expect(page.getByText(/^Written on .+ • 12 words$/)).toBeVisible();
    await page.getByRole("button", { name: "Back to Portfolio" }).click();
    await expect(titles).toHaveCount(3);

    // Alias and tier progress.
    await page.getByRole("button", { name: "Edit your alias and name" }).click();
    const editor = page.getByRole("dialog", { name: "Your name and alias" });
    await expect(editor.getByText("Leave empty to remove your alias")).toBeVisible();
    await editor.getByLabel("Writer Alias").fill("  Night Owl  ");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Alias updated successfully!")).toBeVisible();
    await expect(page.getByText("writing as")).toContainText("Night Owl");
    await page.getByRole("button", { name: "Progress" }).click();
    const progress = page.getByRole("dialog", { name: "Your Progress" });
    await expect(progress.getByText("49.9 pages to Novella Club")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(progress).toHaveCount(0);
  });

  test("delete a piece after confirming", async ({ page }) => {
    await registerViaApi(page.request, { name: "Deleting Writer" });
    await createPieceViaApi(page.request, { title: "Gone tomorrow", content: "A piece to let go of.", publish: false });
    await page.goto("/profile");
    const menu = page.getByRole("button", { name: "Actions for “Gone tomorrow”" });
    await menu.click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this piece?" });
    await confirm.getByRole("button", { name: "cancel" }).click();
    await expect(page.getByRole("button", { name: "Gone tomorrow", exact: true })).toBeVisible();

    // Keyboard this time: the menu opens with Enter, arrows move.
    await menu.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowUp");
    await expect(page.getByRole("menuitem", { name: "Delete" })).toBeFocused();
    await page.keyboard.press("Enter");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Writing deleted successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Portfolio Awaits" })).toBeVisible();
  });

  test("the inline editor asks before dropping edits, and a title removed privately stays removed", async ({ page }) => {
    await registerViaApi(page.request, { name: "Careful Writer" });
    const { id } = await createPieceViaApi(page.request, { title: "Passing title", content: "The first draft of it.", publish: false, freewrite: true });
    await page.goto(`/submission/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Passing title" })).toBeVisible();

    await page.getByRole("button", { name: "edit", exact: true }).click();
    await page.getByPlaceholder("Give your piece a title...").fill("");
    await page.getByLabel("Your writing").fill("The second draft, better.");
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    // A link away is held until the writer decides.
    await page.getByRole("link", { name: "Back to Portfolio" }).click();
    await expect(leave).toBeVisible();
    await expectAccessible(page);
    await leave.getByRole("button", { name: "Keep editing" }).click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/submission/${id}$`));
    await expect(page.getByLabel("Your writing")).toHaveValue("The second draft, better.");
    // So is cancel; Escape keeps editing too.
    await page.getByRole("button", { name: "cancel" }).click();
    await expect(leave).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(leave).toHaveCount(0);
    await expect(page.getByLabel("Your writing")).toHaveValue("The second draft, better.");

    await page.getByRole("button", { name: "save", exact: true }).click();
    await expect(page.getByText("Your changes have been saved!")).toBeVisible();
    // The removed title stays removed (a freewrite without a title is "Untitled").
    await expect(page.getByRole("heading", { level: 1, name: "Untitled" })).toBeVisible();

    // Unchanged: cancel closes at once. Changed, then discarded: the saved text stays.
    await page.getByRole("button", { name: "edit", exact: true }).click();
    await page.getByRole("button", { name: "cancel" }).click();
    await expect(leave).toHaveCount(0);
    await page.getByRole("button", { name: "edit", exact: true }).click();
    await page.getByLabel("Your writing").fill("A third draft nobody keeps.");
    await page.getByRole("button", { name: "cancel" }).click();
    await leave.getByRole("button", { name: "discard changes" }).click();
    await expect(page.getByText("The second draft, better.")).toBeVisible();
    await page.getByRole("button", { name: "edit", exact: true }).click();
    await page.getByLabel("Your writing").fill("Another draft nobody keeps.");
    await page.getByRole("link", { name: "Back to Portfolio" }).click();
    await leave.getByRole("button", { name: "discard changes" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("button", { name: "Untitled", exact: true })).toBeVisible();

    // The edit page starts from the writer's version: no title, and asks before leaving too.
    await page.goto(`/edit/${id}`);
    const text = page.getByPlaceholder("Start writing here...");
    await expect(text).toHaveValue("The second draft, better.");
    await page.getByRole("button", { name: "save changes" }).click();
    const save = page.getByRole("dialog", { name: "Save your changes" });
    await expect(save.getByPlaceholder("Give your piece a title...")).toHaveValue("");
    await save.getByRole("button", { name: "Cancel" }).click();
    await text.fill("Changed on the edit page.");
    await page.getByRole("link", { name: "cancel" }).click();
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Keep editing" }).click();
    await expect(text).toHaveValue("Changed on the edit page.");
  });

  test("long names, aliases and titles without spaces stay inside a phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const name = "N".repeat(100);
    const alias = "A".repeat(60);
    await registerViaApi(page.request, { name, alias });
    const { id } = await createPieceViaApi(page.request, { title: "T".repeat(200), content: "W".repeat(300), signature: "alias" });
    const { id: named } = await createPieceViaApi(page.request, { title: "Short", content: "Signed with a very long name.", signature: "name" });
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth);

    await page.goto("/profile");
    await expect(page.getByText("writing as")).toContainText(alias);
    expect(await fits()).toBeLessThanOrEqual(375);
    await page.goto(`/profile?read=${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "T".repeat(200) })).toBeVisible();
    expect(await fits()).toBeLessThanOrEqual(375);
    await page.goto(`/submission/${id}`);
    await expect(page.getByText(`by ${alias}`)).toBeVisible();
    expect(await fits()).toBeLessThanOrEqual(375);
    await page.goto(`/submission/${named}`);
    await expect(page.getByText(`by ${name}`)).toBeVisible();
    expect(await fits()).toBeLessThanOrEqual(375);
  });

  test("the stats line and the Progress modal say when the stats are loading or failed, and retry", async ({ page }) => {
    await registerViaApi(page.request, { name: "Patient Writer" });
    let fail = true;
    await page.route("**/api/me/portfolio-stats", async (route) => {
      if (!fail) return route.fallback();
      await route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ code: "rate_limited", message: "Too many requests." }) });
    });
    await page.goto("/profile");
    await expect(page.getByText("Your stats could not be loaded.")).toBeVisible();
    await page.getByRole("button", { name: "Progress" }).click();
    const progress = page.getByRole("dialog", { name: "Your Progress" });
    await expect(progress.getByText("Your progress could not be loaded.")).toBeVisible();
    await expectAccessible(page);
    fail = false;
    await progress.getByRole("button", { name: "Try again" }).click();
    await expect(progress.getByText("50.0 pages to Novella Club")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByText("0 Day Streak • 0 Works • 0.0 Pages Written")).toBeVisible();
  });

  test("reading someone else's public piece from /profile offers no edit, share or delete", async ({ page }) => {
    await registerViaApi(page.request, { name: "First Writer" });
    const { id } = await createPieceViaApi(page.request, { title: "Not yours", content: "Someone else's words." });
    await registerViaApi(page.request, { name: "Second Writer" });
    await page.goto(`/profile?read=${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Not yours" })).toBeVisible();
    // The reader's name is the page's one h1 (issue 11 item 13).
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByText("Someone else's words.")).toBeVisible();
    for (const action of ["edit", "share", "delete"]) await expect(page.getByRole("button", { name: action, exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Back to Portfolio" })).toBeVisible();
  });

  test("share a private piece: a signed-out reader opens the link until it expires @clock", async ({ page, browser }) => {
    await registerViaApi(page.request, { name: "Sharing Writer" });
    const { id } = await createPieceViaApi(page.request, { title: "For your eyes", content: "Only the link holder reads this.", publish: false });
    expect((await page.request.get(`/api/submissions/${id}`)).status()).toBe(200);

    await page.goto("/profile");
    await page.getByRole("button", { name: "Actions for “For your eyes”" }).click();
    await page.getByRole("menuitem", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: "Share your writing" });
    const link = dialog.getByLabel("Share link");
    await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{8}$/);
    // A private save is signed with the registered name: the writer reads so before copying.
    await expect(dialog.getByText("People with this link will see it signed as Sharing Writer.")).toBeVisible();
    const shareUrl = await link.inputValue();
    await expectAccessible(page);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await dialog.getByRole("button", { name: "Copy link" }).click();
    await expect(dialog.getByText("Share link copied to clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    await dialog.getByRole("button", { name: "done" }).click();

    const visitor = await browser.newContext();
    let advanced = false;
    try {
      // Without the link the piece does not exist.
      expect((await visitor.request.get(`/api/submissions/${id}`)).status()).toBe(404);
      const reader = await visitor.newPage();
      await reader.goto(shareUrl);
      await expect(reader).toHaveURL(new RegExp(`/submission/${id}\\?share=`));
      await expect(reader.getByRole("heading", { level: 1, name: "For your eyes" })).toBeVisible();
      await expect(reader.getByText("Only the link holder reads this.")).toBeVisible();
      await expect(reader.getByText("Private", { exact: true })).toBeVisible();

      await advanceServerClock(page.request, DAY_MS + 60_000);
      advanced = true;
      await reader.goto(shareUrl);
      await expect(reader.getByRole("heading", { name: "Share Link Error" })).toBeVisible();
      await expect(reader.getByText("This share link is invalid or has expired")).toBeVisible();
      await reader.getByRole("link", { name: "Back to Home" }).click();
      await expect(reader).toHaveURL(/\/$/);

      await reader.goto("/share/bad!");
      await expect(reader.getByText("Invalid share link format")).toBeVisible();
    } finally {
      // Put the shared server clock back for whatever runs next.
      if (advanced) await advanceServerClock(page.request, -(DAY_MS + 60_000));
      await visitor.close();
    }
  });
});
