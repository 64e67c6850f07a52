import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { createPieceViaApi, expect, expectAccessible, holdRoute, test, unique, writerPage } from "./fixtures.ts";

/* /settings/data, "Your data" (issue 15 item 1): the writer downloads their writing and data. */

test("a writer downloads their Markdown archive, an EPUB of a month and all their data; and one piece from its page", async ({ browser }) => {
  const { page, close } = await writerPage(browser, "Dora Downloader");
  const title = `Exported ${unique()}`;
  const { id } = await createPieceViaApi(page.request, { title, content: "Words to take **with me**\nsecond line" });

  await page.goto("/settings");
  await page.getByRole("link", { name: "Your data" }).click();
  await expect(page).toHaveURL(/\/settings\/data$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Export your writing" })).toBeVisible();
  await expectAccessible(page);

  const [zip] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download Markdown archive" }).click()]);
  expect(zip.suggestedFilename()).toMatch(/^inkwell-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync(await zip.path())));
  const pieceFile = Object.keys(files).find((name) => name.endsWith(`-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.md`));
  expect(pieceFile, Object.keys(files).join(", ")).toBeDefined();
  const text = strFromU8(files[pieceFile!]!);
  expect(text).toContain(`title: ${title}`);
  expect(text).toContain("Words to take **with me**\nsecond line");
  expect(Object.keys(files)).toContain("README.md");

  // An EPUB of one month, by keyboard: choose "A month", then the button.
  await page.getByRole("radio", { name: "A month" }).check();
  const month = await page.getByLabel("Month", { exact: true }).inputValue();
  const epubButton = page.getByRole("button", { name: "Download EPUB" });
  await epubButton.focus();
  const [epub] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(epub.suggestedFilename()).toBe(`inkwell-${month}.epub`);

  const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download all my data" }).click()]);
  const data = JSON.parse(readFileSync(await json.path(), "utf8")) as { profile: { name: string }; pieces: { id: string }[] };
  expect(data.profile.name).toBe("Dora Downloader");
  expect(data.pieces.map((p) => p.id)).toEqual([id]);

  // A 375 px phone: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("button", { name: "Download all my data" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);

  // One piece, from its page (still at 375 px: the actions wrap, nothing wider than the screen).
  await page.goto(`/submission/${id}`);
  await expect(page.getByRole("button", { name: "Download as Markdown" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const [txt] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download as text" }).click()]);
  expect(txt.suggestedFilename()).toMatch(new RegExp(`-exported-.*\\.txt$`));
  expect(readFileSync(await txt.path(), "utf8")).toBe(`${title}\n\nWords to take **with me**\nsecond line\n`);
  await close();
});

test("a visitor is asked to sign in; a reader of someone else's piece has no download", async ({ browser }) => {
  const writer = await writerPage(browser, "Wren Writer");
  const title = `Not yours ${unique()}`;
  const { id } = await createPieceViaApi(writer.page.request, { title });
  await writer.close();

  const reader = await writerPage(browser, "Rhea Reader");
  await reader.page.goto(`/submission/${id}`);
  await expect(reader.page.getByRole("heading", { name: title })).toBeVisible();
  await expect(reader.page.getByRole("button", { name: "Download as Markdown" })).toHaveCount(0);
  await reader.close();

  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  await anon.goto("/settings/data");
  await expect(anon.getByRole("link", { name: "sign in" }).first()).toBeVisible();
  await expect(anon.getByRole("heading", { name: "Export your writing" })).toHaveCount(0);
  await expectAccessible(anon);
  await visitor.close();
});

test("a download says it is being prepared, and says why when it fails; the button works again after", async ({ browser }) => {
  const { page, close } = await writerPage(browser, "Fay Failing");
  const { id } = await createPieceViaApi(page.request, { title: `Failing ${unique()}` });
  await page.goto("/settings/data");
  await expect(page.getByRole("heading", { level: 2, name: "Export your writing" })).toBeVisible();

  // The server refuses (the export limit), after a moment in which the page says it is preparing.
  const limited = "Too many attempts. Please wait 7 minutes and try again.";
  const release = await holdRoute(page, "**/api/me/export/markdown", (route) => route.fulfill({ status: 429, json: { code: "rate_limited", message: limited } }));
  await page.getByRole("button", { name: "Download Markdown archive" }).click();
  await expect(page.getByRole("button", { name: "Preparing…" })).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Preparing your Markdown archive…" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download all my data" })).toBeDisabled();
  await expectAccessible(page);
  release();
  await expect(page.getByRole("alert").filter({ hasText: limited })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download Markdown archive" })).toBeEnabled();

  // The connection drops: the page says so, and a second try (by keyboard) downloads.
  await page.route("**/api/me/export/json", (route) => route.abort("connectionreset"));
  await page.getByRole("button", { name: "Download all my data" }).click();
  const unreachable = page.getByRole("alert").filter({ hasText: "Could not reach the server. Please check your connection and try again." });
  await expect(unreachable).toBeVisible();
  await page.unroute("**/api/me/export/json");
  await page.getByRole("button", { name: "Download all my data" }).focus();
  const [json] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(json.suggestedFilename()).toMatch(/^inkwell-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(unreachable).toHaveCount(0);

  // One piece: a server error without a message gets the page's own words.
  await page.route("**/api/submissions/*/download*", (route) => route.fulfill({ status: 500, body: "oops" }));
  await page.goto(`/submission/${id}`);
  await page.getByRole("button", { name: "Download as Markdown" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The download could not be prepared. Please try again." })).toBeVisible();
  await expectAccessible(page);
  await close();
});
