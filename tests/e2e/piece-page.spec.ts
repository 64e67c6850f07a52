import { createPieceViaApi, expect, expectAccessible, registerViaApi, test } from "./fixtures.ts";

test.describe("piece page (/submission/{id})", () => {
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
