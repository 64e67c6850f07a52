import { createPieceViaApi, expect, expectAccessible, hydrated, signInAsAdmin, test, unique, writerPage } from "./fixtures.ts";

/*
 * Issue 13: a writer reports a comment, an admin sees the count live, hides it, the reporter's open
 * piece loses it, its writer sees it marked "Hidden by moderators", and the admin restores it. A
 * hidden piece shows so in its writer's portfolio. The new admin pages pass axe.
 */

test.describe("moderation", () => {
  test("report → live count → hide → gone from the reporter's open piece → marked for its writer → restore", async ({ page, browser }) => {
    test.slow(); // four browsers (author, commenter, reporter, admin): 30 s go on starting them on a busy 2-core machine
    const stamp = unique();
    const author = await writerPage(browser, `Piece Author ${stamp}`);
    const commenter = await writerPage(browser, `Sharp Tongue ${stamp}`);
    const reporter = await writerPage(browser, `Careful Reader ${stamp}`);
    try {
      const title = `Reported piece ${stamp}`;
      const { id } = await createPieceViaApi(author.page.request, { title });
      const words = `Unkind words ${stamp}`;
      expect((await commenter.page.request.post(`/api/community/pieces/${id}/comments`, { data: { content: words } })).status()).toBe(201);

      // The admin watches the dashboard's count.
      await signInAsAdmin(page);
      await page.goto("/admin");
      const count = page.getByRole("link", { name: /^Open reports/ });
      await expect(count).toHaveText(/\d+/);
      const before = Number((await count.textContent())!.match(/\d+/)![0]);

      // The reporter reports the comment from the open piece.
      await reporter.page.goto(`/community?piece=${id}`);
      const comments = reporter.page.getByRole("list", { name: "Comments" });
      const comment = comments.getByRole("listitem").filter({ hasText: words });
      await expect(comment).toBeVisible();
      await comment.getByRole("button", { name: /^report comment by/ }).click();
      const dialog = reporter.page.getByRole("dialog", { name: "Report this comment" });
      await dialog.getByRole("button", { name: "Send report" }).click();
      await expect(dialog.getByText("Choose a reason")).toBeVisible();
      await dialog.getByRole("radio", { name: "Harassment or hate" }).check();
      await dialog.getByLabel(/Note for the admins/).fill("Mean to the writer");
      await dialog.getByRole("button", { name: "Send report" }).click();
      await expect(reporter.page.getByText("Thanks — an admin will look at this.")).toBeVisible();
      await expect(dialog).toBeHidden();

      // Live: the count moves without a reload.
      await expect(count).toHaveText(new RegExp(`^Open reports${before + 1}`));

      // The queue shows the comment, why, and who wrote it; the admin hides it.
      await count.click();
      await expect(page).toHaveURL(/\/admin\/reports$/);
      const item = page.getByRole("listitem").filter({ hasText: words }).first();
      await expect(item.getByText("Harassment or hate")).toBeVisible();
      await expect(item.getByText("“Mean to the writer”")).toBeVisible();
      await expect(item.getByText(`Sharp Tongue ${stamp}`)).toBeVisible();
      await item.getByRole("button", { name: "Hide comment" }).click();
      const hide = page.getByRole("dialog", { name: "Hide this comment" });
      await hide.getByLabel("Reason (the writer sees it)").fill("Harassment");
      await hide.getByRole("button", { name: "Hide", exact: true }).click();
      await expect(page.getByRole("listitem").filter({ hasText: words })).toHaveCount(0);

      // Gone from the reporter's open piece, live.
      await expect(comment).toHaveCount(0);
      // Its writer still sees it, marked, with the reason.
      await commenter.page.goto(`/submission/${id}`);
      const own = commenter.page.getByRole("list", { name: "Comments" }).getByRole("listitem").filter({ hasText: words });
      await expect(own.getByText("Hidden by moderators: Harassment")).toBeVisible();

      // The admin restores it from the Hidden view; the reporter's open piece shows it again.
      await page.getByRole("button", { name: "Hidden", exact: true }).click();
      const hidden = page.getByRole("listitem").filter({ hasText: words }).first();
      await hidden.getByRole("button", { name: "Restore comment" }).click();
      await expect(comment).toBeVisible();

      // A hidden piece: its writer's portfolio says so, with the reason.
      expect((await reporter.page.request.post("/api/reports", { data: { itemKind: "piece", itemId: id, reason: "plagiarism" } })).status()).toBe(201);
      await page.getByRole("button", { name: "Open reports", exact: true }).click();
      const reported = page.getByRole("listitem").filter({ hasText: title }).first();
      await reported.getByRole("button", { name: "Hide piece" }).click();
      await page.getByRole("dialog", { name: "Hide this piece" }).getByLabel("Reason (the writer sees it)").fill("Copied from a book");
      await page.getByRole("dialog", { name: "Hide this piece" }).getByRole("button", { name: "Hide", exact: true }).click();
      await expect(reporter.page.getByRole("heading", { level: 1, name: title })).toHaveCount(0);
      await author.page.goto("/profile");
      await expect(author.page.getByText("Hidden by moderators: Copied from a book")).toBeVisible();
    } finally {
      await Promise.all([author.close(), commenter.close(), reporter.close()]);
    }
  });

  test("/admin/reports and /admin/audit have no serious accessibility violations, at 375 px too", async ({ page, browser }) => {
    const stamp = unique();
    const author = await writerPage(browser, `Axe Author ${stamp}`);
    const reporter = await writerPage(browser, `Axe Reader ${stamp}`);
    try {
      const { id } = await createPieceViaApi(author.page.request, { title: `Axe piece ${stamp}`, signature: "anonymous" });
      expect((await reporter.page.request.post("/api/reports", { data: { itemKind: "piece", itemId: id, reason: "spam", note: "Links everywhere" } })).status()).toBe(201);
      await signInAsAdmin(page);
      await page.goto("/admin/reports");
      await expect(page.getByRole("listitem").filter({ hasText: `Axe piece ${stamp}` })).toBeVisible();
      await expectAccessible(page);
      await page.goto("/admin/audit");
      await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "Viewed identity" }).first()).toBeVisible();
      await expectAccessible(page);
      await page.setViewportSize({ width: 375, height: 740 });
      await expectAccessible(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.goto("/admin/reports");
      await expect(page.getByRole("listitem").filter({ hasText: `Axe piece ${stamp}` })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await Promise.all([author.close(), reporter.close()]);
    }
  });

  test("a visitor is asked to sign in to report; a writer reports a piece from its feed card", async ({ page, browser }) => {
    const stamp = unique();
    const author = await writerPage(browser, `Card Author ${stamp}`);
    const reader = await writerPage(browser, `Card Reader ${stamp}`);
    try {
      const title = `Card piece ${stamp}`;
      const { id } = await createPieceViaApi(author.page.request, { title });
      await page.goto(`/community?piece=${id}`);
      // A visitor's page comes server-rendered: its buttons work once the app has taken it over.
      await hydrated(page);
      await page.getByRole("button", { name: `report piece ${title}` }).click();
      await expect(page.getByRole("dialog", { name: "Join the conversation" }).getByText("You must be logged in to report")).toBeVisible();

      await reader.page.goto("/community");
      const card = reader.page.getByRole("article").filter({ has: reader.page.getByRole("link", { name: title, exact: true }) });
      await card.getByRole("button", { name: `report piece by Card Author ${stamp}` }).click();
      const dialog = reader.page.getByRole("dialog", { name: "Report this piece" });
      await dialog.getByRole("radio", { name: "Spam" }).check();
      await dialog.getByRole("button", { name: "Send report" }).click();
      await expect(reader.page.getByText("Thanks — an admin will look at this.")).toBeVisible();
      // A second report of the same piece is refused in plain words.
      await card.getByRole("button", { name: `report piece by Card Author ${stamp}` }).click();
      await dialog.getByRole("radio", { name: "Other" }).check();
      await dialog.getByRole("button", { name: "Send report" }).click();
      await expect(dialog.getByText("You already reported this")).toBeVisible();
      // The writer's own card offers no report.
      await author.page.goto("/community");
      const own = author.page.getByRole("article").filter({ has: author.page.getByRole("link", { name: title, exact: true }) });
      await expect(own).toBeVisible();
      await expect(own.getByRole("button", { name: /^report/ })).toHaveCount(0);
    } finally {
      await Promise.all([author.close(), reader.close()]);
    }
  });

  test("a suspended writer reads why on /write and /community; an admin suspends and lifts from /admin/users", async ({ page, browser }) => {
    const stamp = unique();
    const writer = await writerPage(browser, `Suspended Writer ${stamp}`);
    try {
      await signInAsAdmin(page);
      await page.goto(`/admin/users?q=${encodeURIComponent(writer.email)}`);
      await expect(page.getByRole("heading", { level: 2, name: `Suspended Writer ${stamp}` })).toBeVisible();
      await page.getByRole("button", { name: "Suspend", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `Suspend Suspended Writer ${stamp}` });
      await dialog.getByRole("checkbox", { name: /Indefinitely/ }).check();
      await dialog.getByLabel("Reason (the writer sees it)").fill("Spam links");
      await dialog.getByRole("button", { name: "Suspend", exact: true }).click();
      await expect(page.getByText("Suspended indefinitely: Spam links")).toBeVisible();

      const message = "Your account can't publish until an admin lifts the suspension: Spam links";
      await writer.page.goto("/write");
      await expect(writer.page.getByText(message)).toBeVisible();
      await writer.page.goto("/community");
      await expect(writer.page.getByText(message)).toBeVisible();

      await page.getByRole("button", { name: "Lift suspension" }).click();
      await page.getByRole("dialog", { name: /^Lift/ }).getByRole("button", { name: "Lift", exact: true }).click();
      await expect(page.getByText("Not suspended.")).toBeVisible();
      await writer.page.reload();
      await expect(writer.page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
      await expect(writer.page.getByText(message)).toHaveCount(0);
    } finally {
      await writer.close();
    }
  });
});
