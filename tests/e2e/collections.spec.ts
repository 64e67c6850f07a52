import { readFileSync } from "node:fs";
import { createPieceViaApi, expect, expectAccessible, test, unique, writerPage } from "./fixtures.ts";

/* /collections/YYYY-MM (issue 14 item 4): the writer's month in one column, downloadable; private. */

test("a writer reads their month's collection and downloads it as Markdown; a visitor is asked to sign in", async ({ browser }) => {
  const { page, close } = await writerPage(browser, "Cora Collector");
  const title = `Collected ${unique()}`;
  const { id } = await createPieceViaApi(page.request, { title, content: "First line with **bold** words\nSecond line <b>not html</b>" });
  const piece = (await (await page.request.get(`/api/submissions/${id}`)).json()) as { submission: { createdAt: string } };
  // The writer's zone is UTC: the piece's calendar month is its UTC month.
  const month = piece.submission.createdAt.slice(0, 7);
  const label = new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

  await page.goto(`/collections/${month}`);
  await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  const section = page.getByRole("region", { name: title });
  await expect(section.locator("strong", { hasText: "bold" })).toBeVisible();
  await expect(section.getByText("Second line <b>not html</b>")).toBeVisible();
  await expectAccessible(page);

  // By keyboard: the download is a link that Enter follows.
  const markdown = page.getByRole("link", { name: "download Markdown" });
  await markdown.focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toBe(`inkwell-${month}.md`);
  const md = readFileSync(await download.path(), "utf8");
  expect(md).toContain(`## ${title}`);
  expect(md).toContain("First line with **bold** words  \nSecond line <b>not html</b>");

  // A 375 px phone: one column, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await close();

  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  await anon.goto(`/collections/${month}`);
  await expect(anon.getByText("Please sign in to read your collection.")).toBeVisible();
  await expect(anon.getByRole("link", { name: "sign in" })).toHaveAttribute("href", `/signin?next=${encodeURIComponent(`/collections/${month}`)}`);
  await expect(anon.getByText(title)).toHaveCount(0);
  await expectAccessible(anon);
  await visitor.close();
});

test("a month without pieces says so and offers the way to write", async ({ browser }) => {
  const { page, close } = await writerPage(browser, "Edna Empty");
  await page.goto("/collections/2001-01");
  await expect(page.getByRole("heading", { name: "Nothing written in January 2001" })).toBeVisible();
  await expect(page.getByRole("link", { name: "write", exact: true }).last()).toBeVisible();
  await expectAccessible(page);
  await close();
});
