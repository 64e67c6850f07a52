import type { APIRequestContext, Locator } from "@playwright/test";
import { promptLine, truncateText } from "#shared/domain/markup.ts";
import { PAGE_TITLE_MAX, pieceName } from "#shared/domain/piece-name.ts";
import { createPieceViaApi, expect, expectAccessible, registerViaApi, test } from "./fixtures.ts";

/**
 * One name for a piece everywhere (issue 11 item 5), prompts on one line with the heading kept
 * apart (item 6), and the profile reader's h1 (item 13).
 */

const daily = (text: string) => ({ kind: "daily" as const, text });

async function promptTextOf(request: APIRequestContext, id: string): Promise<string> {
  const res = await request.get(`/api/submissions/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { submission: { prompt: { text: string } } }).submission.prompt.text;
}

/**
 * `locator` reads what `expected` makes of the piece's prompt. An admin suite may change today's
 * prompt while this runs: the text before or after this check both count.
 */
async function expectReads(locator: Locator, expected: (text: string) => string, before: string, request: APIRequestContext, id: string) {
  await expect(locator).toBeVisible();
  const shown = (await locator.textContent())?.trim();
  const after = await promptTextOf(request, id);
  expect([expected(before), expected(after)]).toContain(shown);
}

test.describe("what a piece is called", () => {
  test("an untitled piece goes by its prompt on one line on every screen; an untitled freewrite is Untitled", async ({ page }) => {
    const writer = `Namer ${Date.now().toString(36)}`;
    await registerViaApi(page.request, { name: writer });
    const { id } = await createPieceViaApi(page.request, { title: null, content: "Behind the door, a staircase going down." });
    const { id: titled } = await createPieceViaApi(page.request, { title: "A door of my own", content: "Titled words." });
    const { id: free } = await createPieceViaApi(page.request, { title: null, content: "Free words.", freewrite: true });
    const before = await promptTextOf(page.request, id);
    const reads = (locator: Locator, expected: (text: string) => string) => expectReads(locator, expected, before, page.request, id);

    // Community cards: the prompt is the name (cut at 60 like the prompt line), said once.
    await page.goto("/community");
    const card = (pieceId: string) => page.getByRole("article").filter({ has: page.locator(`a[href*="${pieceId}"]`) });
    await reads(card(id).getByRole("heading", { level: 2 }), (text) => pieceName(null, daily(text), { promptMax: 60 }));
    await expect(card(id).getByText("Untitled")).toHaveCount(0);
    await expect(card(id).locator("p.italic")).toHaveCount(0);
    // A titled piece keeps its prompt line above the title, heading and body apart (item 6).
    await reads(card(titled).locator("p.italic"), (text) => truncateText(promptLine(text), 60));
    await expect(card(free).getByRole("heading", { level: 2 })).toHaveText("Untitled");

    // The community detail and the piece page: the whole prompt as the h1.
    await card(id).getByRole("link").click();
    await reads(page.getByRole("heading", { level: 1 }), (text) => pieceName(null, daily(text)));
    await page.goto(`/submission/${id}`);
    await reads(page.getByRole("heading", { level: 1 }), (text) => pieceName(null, daily(text)));
    const title = await page.title();
    expect([before, await promptTextOf(page.request, id)].map((text) => `${pieceName(null, daily(text), { max: PAGE_TITLE_MAX })} · inkwell`)).toContain(title);
    expect(title).not.toMatch(/[.,;:!?]…/);

    // The profile card (cut at 60) and the reader, whose name is the page's one h1 (item 13).
    await page.goto("/profile");
    await reads(page.getByRole("listitem").filter({ has: page.getByText("Behind the door") }).getByRole("heading", { level: 3 }), (text) => pieceName(null, daily(text), { max: 60 }));
    await page.goto(`/profile?read=${id}`);
    await reads(page.getByRole("heading", { level: 1 }), (text) => pieceName(null, daily(text)));
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectAccessible(page);
    await page.goto(`/profile?read=${free}`);
    await expect(page.getByRole("heading", { level: 1, name: "Untitled" })).toBeVisible();
  });
});
