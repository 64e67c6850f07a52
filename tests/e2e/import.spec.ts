import { strToU8, zipSync } from "fflate";
import { pieceFile } from "#tests/archive-files.ts";
import { expect, expectAccessible, registerViaApi, test, unique } from "./fixtures.ts";

/* Issue 15 item 2: a writer imports an archive on /settings/data, reads the report, finds the pieces private in the portfolio. */

function archive(title: string) {
  const piece = pieceFile("Boats knocking together, softly.", {
    title,
    date: "2024-06-01T20:00:00.000Z",
    local_date: "2024-06-01",
    updated: "2024-06-01T20:00:00.000Z",
    prompt: "Write about a harbour",
    prompt_date: "2024-06-01",
  });
  return Buffer.from(
    zipSync({
      "README.md": strToU8("# Archive"),
      "2024/2024-06-01-harbour.md": strToU8(piece),
      "2024/2024-06-02-loose.md": strToU8("# A loose note\n\nWritten elsewhere."),
      "2024/latin1.txt": new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
    }),
  );
}

test("a writer imports an archive, reads the report, and finds the pieces private in the portfolio", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await registerViaApi(page.request);
  await page.goto("/settings");
  await page.getByRole("link", { name: "Your data" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your data" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Import your writing" })).toBeVisible();
  await expect(page.getByText("Imported pieces arrive private, keep their dates, and don't count toward your streak")).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Nothing chosen, then the wrong kind of file: told at once, nothing sent.
  const section = page.getByRole("region", { name: "Import your writing" });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(section.getByRole("alert")).toHaveText("Choose a .zip archive, or one or more .md or .txt files, to import.");
  const input = page.getByLabel("Archive or files");
  await input.setInputFiles({ name: "novel.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(section.getByRole("alert")).toHaveText("Only a .zip archive, or .md and .txt files, can be imported.");

  const title = `The harbour ${unique()}`;
  await input.setInputFiles({ name: "inkwell-2026-11-24.zip", mimeType: "application/zip", buffer: archive(title) });
  await input.press("Tab");
  await page.keyboard.press("Enter");
  const report = section.getByRole("status");
  await expect(report).toContainText("2 imported, 0 skipped as duplicates, 1 unreadable: 2024/latin1.txt: not valid UTF-8 text");
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The same archive again imports nothing.
  await input.setInputFiles({ name: "inkwell-2026-11-24.zip", mimeType: "application/zip", buffer: archive(title) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(report).toContainText("0 imported, 2 skipped as duplicates, 1 unreadable");

  // Loose files, several at once.
  await input.setInputFiles([
    { name: "2023-01-01-one.md", mimeType: "text/markdown", buffer: Buffer.from(`One ${unique()}`) },
    { name: "2023-01-02-two.txt", mimeType: "text/plain", buffer: Buffer.from(`Two ${unique()}`) },
  ]);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(report).toHaveText(/^2 imported, 0 skipped as duplicates/);

  // An archive the server refuses: its message, and no report.
  const evil = Buffer.from(zipSync({ "2023-01-03-fine.md": strToU8(`Fine ${unique()}`), "../../x.md": strToU8("Sneaky.") }));
  await input.setInputFiles({ name: "evil.zip", mimeType: "application/zip", buffer: evil });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(section.getByRole("alert")).toHaveText(
    "This archive holds a file outside its own folder (../../x.md), so it was refused and nothing was imported.",
  );
  await expect(report).toBeHidden();
  await expectAccessible(page);

  await page.goto("/profile");
  const piece = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(piece.getByText("Private", { exact: true })).toBeVisible();
  await expect(piece.getByText("Imported", { exact: true })).toBeVisible();
});
