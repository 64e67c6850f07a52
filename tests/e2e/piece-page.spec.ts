import { createPieceViaApi, expect, expectAccessible, registerViaApi, test, unique } from "./fixtures.ts";

test.describe("piece page (/submission/{id})", () => {
  test("carries the likes and comments of the community detail; a visitor is asked to sign in", async ({ page, browser }) => {
    const title = `A permalink with company ${unique()}`;
    const writer = await browser.newContext();
    const reader = await browser.newContext();
    try {
      await registerViaApi(writer.request, { name: "Linked Writer" });
      const { id } = await createPieceViaApi(writer.request, { title, content: "Words someone shared by their address." });
      await registerViaApi(reader.request, { name: "Linked Reader" });

      const r = await reader.newPage();
      await r.goto(`/submission/${id}`);
      await expect(r.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const like = r.getByRole("button", { name: /^Like, / });
      await expect(like).toHaveText("0");
      await expect(r.getByRole("heading", { name: "0 Comments" })).toBeVisible();
      await expect(r.getByText("No comments yet")).toBeVisible();
      await like.click();
      await expect(like).toHaveAttribute("aria-pressed", "true");
      await expect(like).toHaveText("1");
      await r.getByPlaceholder("What are your thoughts?").fill("Found this through the link.");
      await r.getByRole("button", { name: "Comment", exact: true }).click();
      await expect(r.getByRole("heading", { name: "1 Comment" })).toBeVisible();
      await expect(r.getByRole("list", { name: "Comments" }).getByText("Found this through the link.")).toBeVisible();
      await expectAccessible(r);

      // The same counts on the community detail.
      await r.goto(`/community?piece=${id}`);
      await expect(r.getByRole("button", { name: /^Like, / })).toHaveText("1");
      await expect(r.getByRole("heading", { name: "1 Comment" })).toBeVisible();

      // A visitor sees the count and the comments, and is asked to sign in to like or comment.
      await page.goto(`/submission/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const visitorLike = page.getByRole("button", { name: /^Like, / });
      await expect(visitorLike).toHaveText("1");
      await expect(page.getByRole("list", { name: "Comments" }).getByText("Found this through the link.")).toBeVisible();
      await expect(page.getByPlaceholder("What are your thoughts?")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", `/signin?next=${encodeURIComponent(`/submission/${id}`)}`);
      await visitorLike.click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText("You must be logged in to like submissions")).toBeVisible();
      await expect(dialog.getByRole("link", { name: "sign in" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(visitorLike).toHaveText("1");
      await expectAccessible(page);
    } finally {
      await writer.close();
      await reader.close();
    }
  });

  test("a private piece shows neither likes nor comments to its owner", async ({ page }) => {
    await registerViaApi(page.request, { name: "Private Writer" });
    const { id } = await createPieceViaApi(page.request, { title: "Mine alone", content: "Nobody else reads this.", publish: false });
    await page.goto(`/submission/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Mine alone" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Like, / })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: /Comments?$/ })).toHaveCount(0);
  });

  test("a share link that is unknown or expired says so instead of leaving for the home page", async ({ page, browser }) => {
    const writer = await browser.newContext();
    try {
      await registerViaApi(writer.request, { name: "Sharing Writer" });
      const { id } = await createPieceViaApi(writer.request, { title: "Behind a link", content: "Only a link opens this.", publish: false });

      // Well-formed but never issued (or expired): the spec's message, and the address stays.
      await page.goto(`/submission/${id}?share=Zz9_Zz9-`);
      await expect(page.getByRole("heading", { level: 1, name: "Share Link Error" })).toBeVisible();
      await expect(page.getByText("This share link is invalid or has expired")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/submission/${id}\\?share=`));
      await expectAccessible(page);
      await page.getByRole("link", { name: "Back to Home" }).click();
      await expect(page).toHaveURL(/\/$/);

      await page.goto(`/submission/${id}?share=bad!`);
      await expect(page.getByText("Invalid share link format")).toBeVisible();

      // Without a share link a piece that is not there still leads home (spec: piece page).
      await page.goto(`/submission/${id}`);
      await expect(page).toHaveURL(/\/$/);
    } finally {
      await writer.close();
    }
  });
});
