import type { Page } from "@playwright/test";
import { MAX_ALIAS_LENGTH, MAX_NAME_LENGTH } from "#shared/constants.ts";
import { confirmDelete, createPieceViaApi, expect, expectAccessible, registerViaApi, signInAsAdmin, test, writerPage } from "./fixtures.ts";

/** The page is no wider than the phone it is on (nothing sticks out sideways); every page is reported. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `${new URL(page.url()).pathname} is ${scrollWidth}px wide`).toBeLessThanOrEqual(width);
}

/**
 * Editors' Picks: featuring, the podiums, deleting a pick. Tests in one file run one after another,
 * and these rely on it: each starts from "No Editors' Picks yet" and leaves the podium empty.
 */
test.describe("admin: Editors' Picks", () => {
  test("an admin features a piece, sees it on both podiums and in the community, then removes it", async ({ page, browser }) => {
    const title = `The quiet harbour ${Date.now().toString(36)}`;
    const writer = await writerPage(browser, "Harbour Writer");
    await createPieceViaApi(writer.page.request, { title, content: "The boats knock softly against each other. " + "Salt and rope. ".repeat(40), publish: true });
    await writer.close();

    await signInAsAdmin(page);
    await page.goto("/podium");
    await expect(page.getByRole("heading", { name: "No Editors' Picks yet" })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/admin/prompts");
    // Today's prompt is selected on arrival.
    await expect(page).toHaveURL(/\?prompt=/);
    await expect(page.getByRole("heading", { name: /^Submissions \(\d+\)$/ })).toBeVisible();
    const piece = page.getByRole("article").filter({ hasText: title });
    await expect(piece.getByText("Harbour Writer")).toBeVisible();
    await expect(piece.getByRole("button", { name: "Read more" })).toBeVisible();
    await expectAccessible(page);

    await piece.getByRole("button", { name: "Add to Editor's Picks" }).click();
    await expect(page.getByText("Added to Editor's Picks!")).toBeVisible();
    await expect(piece.getByText("Editor's Pick", { exact: true })).toBeVisible();
    await expect(piece.getByRole("button", { name: "Remove from Editor's Picks" })).toHaveAttribute("title", "Remove from Editor's Picks");

    await page.goto("/admin/podium");
    await expect(page.getByText("1 featured submission")).toBeVisible();
    const pick = page.getByRole("article").filter({ hasText: title });
    await expect(pick.getByText("Harbour Writer")).toBeVisible();
    await pick.getByRole("button", { name: /^Read/ }).click();
    await expect(pick.getByText("The boats knock softly")).toBeVisible();
    await expect(pick.getByRole("button", { name: "Read more..." })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "View Public Podium" }).click();
    await expect(page).toHaveURL(/\/podium$/);
    await expect(page.getByRole("heading", { name: "Editors' Picks", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: title, exact: true })).toHaveAttribute("href", /\/submission\//);
    await expect(page.getByText("The boats knock softly", { exact: false })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/community");
    await expect(page.getByRole("article").filter({ hasText: title }).getByText("Featured", { exact: true })).toBeVisible();

    await page.goto("/admin/users");
    await page.getByLabel("Search writers").fill(writer.email);
    await expect(page.getByRole("button", { name: new RegExp(writer.email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })).toHaveAttribute("aria-current", "true");
    const detail = page.getByRole("region", { name: "Harbour Writer" });
    await expect(detail.getByText(writer.email)).toBeVisible();
    await expect(detail.getByRole("heading", { name: "Submissions (1)" })).toBeVisible();
    await expect(detail.getByText("Submitted as: name")).toBeVisible();
    await expectAccessible(page);

    await page.goto("/admin/podium");
    await page.getByRole("article").filter({ hasText: title }).getByRole("button", { name: /^Remove/ }).click();
    const removed = page.getByText("Removed from Editor's Picks!");
    await expect(removed).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Editor's Picks yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse the prompts to feature a piece" })).toHaveAttribute("href", "/admin/prompts");
    await expect(removed).toBeHidden({ timeout: 5000 });
    await expectAccessible(page);

    await page.goto("/podium");
    await expect(page.getByRole("heading", { name: "No Editors' Picks yet" })).toBeVisible();
  });

  test("a writer's Editors' Selections count follows the featured flag live", async ({ page, browser }) => {
    const writer = await writerPage(browser, "Live Writer");
    const piece = await createPieceViaApi(writer.page.request, { title: "Selected live", publish: true });
    await writer.page.goto("/profile");
    await expect(writer.page.getByText(/1 Works/)).toBeVisible();
    await expect(writer.page.getByText(/Editors' Selections/)).toHaveCount(0);

    await signInAsAdmin(page);
    const feature = await page.request.put(`/api/admin/submissions/${piece.id}/featured`, { data: { isFeatured: true } });
    expect(feature.status()).toBe(200);
    await expect(writer.page.getByText(/1 Editors' Selections/)).toBeVisible();

    const unfeature = await page.request.put(`/api/admin/submissions/${piece.id}/featured`, { data: { isFeatured: false } });
    expect(unfeature.status()).toBe(200);
    await expect(writer.page.getByText(/Editors' Selections/)).toHaveCount(0);
    await writer.close();
  });

  test("long names, aliases, titles and emails stay inside a phone screen on the podiums and the admin lists", async ({ page, browser }) => {
    const stamp = Date.now().toString(36);
    const name = `W${stamp}`.padEnd(MAX_NAME_LENGTH, "w");
    const alias = `A${stamp}`.padEnd(MAX_ALIAS_LENGTH, "a");
    const email = `${"x".repeat(40)}${stamp}@averyveryverylongdomainnamewithoutanyspaces.e2e.test`;
    const title = `T${stamp}`.padEnd(120, "t");
    const context = await browser.newContext();
    const writer = await context.newPage();
    await writer.goto("/");
    await registerViaApi(writer.request, { name, alias, email });
    const content = `${"Unbroken".repeat(30)} and then a few words.`;
    const byAlias = await createPieceViaApi(writer.request, { title, content, publish: true, signature: "alias" });
    const byName = await createPieceViaApi(writer.request, { title: `${title}N`, content, publish: true, signature: "name" });
    await context.close();

    await signInAsAdmin(page);
    for (const id of [byAlias.id, byName.id]) {
      expect((await page.request.put(`/api/admin/submissions/${id}/featured`, { data: { isFeatured: true } })).status()).toBe(200);
    }
    const width = 375;
    await page.setViewportSize({ width, height: 800 });

    await page.goto("/podium");
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
    await expect(page.getByText(alias, { exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, width);

    await page.goto("/admin/podium");
    await expect(page.getByRole("article").filter({ hasText: title }).first()).toBeVisible();
    await page.getByRole("article").filter({ hasText: alias }).getByRole("button", { name: /^Read/ }).click();
    await expectNoSidewaysScroll(page, width);

    await page.goto("/admin/prompts");
    await expect(page.getByRole("article").filter({ hasText: alias })).toBeVisible();
    await expectNoSidewaysScroll(page, width);

    await page.goto(`/admin/users?q=${encodeURIComponent(stamp)}`);
    const detail = page.getByRole("region", { name });
    await expect(detail.getByText(email)).toBeVisible();
    await expect(detail.getByText(alias, { exact: true })).toBeVisible();
    await expect(detail.getByRole("heading", { name: "Submissions (2)" })).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    await expectAccessible(page);

    // Leave the podium as it was for the other tests on this server.
    for (const id of [byAlias.id, byName.id]) {
      expect((await page.request.put(`/api/admin/submissions/${id}/featured`, { data: { isFeatured: false } })).status()).toBe(200);
    }
  });

  test("an admin deletes a pick from /admin/podium: it leaves both podiums", async ({ page, browser }) => {
    const title = `Taken down ${Date.now().toString(36)}`;
    const writer = await writerPage(browser, "Podium Writer");
    const { id } = await createPieceViaApi(writer.page.request, { title, content: "A pick an editor later took down.", publish: true });
    await writer.close();
    await signInAsAdmin(page);
    expect((await page.request.put(`/api/admin/submissions/${id}/featured`, { data: { isFeatured: true } })).status()).toBe(200);

    await page.goto("/admin/podium");
    const pick = page.getByRole("article").filter({ hasText: title });
    await pick.getByRole("button", { name: /^Delete/ }).click();
    await confirmDelete(page, title);
    await expect(pick).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "No Editor's Picks yet" })).toBeVisible();
    await page.goto("/podium");
    await expect(page.getByRole("heading", { name: "No Editors' Picks yet" })).toBeVisible();
    expect((await page.request.get(`/api/submissions/${id}`)).status()).toBe(404);
  });
});
