import type { Page } from "@playwright/test";
import { markupToPlainText } from "#shared/domain/markup.ts";
import { expect, registerViaApi, test } from "./fixtures.ts";
import { editor, forgiveNetworkErrors, saveState } from "./offline-steps.ts";
import { controlled, swPage } from "./service-worker.ts";

/**
 * Issue 24 item 7: the very first page a browser opens sends its own requests (who is signed in,
 * today's prompt) before the service worker exists. Once the worker controls that page, what the
 * page needs offline must be in the cache already: the connection may drop the next second.
 */
const WORDS = "Typed on the very first visit, just before the train went into the tunnel.";

/** /write opened for the first time in this browser, some words typed, the worker in control, the connection gone, a reload. */
async function firstVisitThenReloadOffline(page: Page): Promise<void> {
  await page.goto("/write");
  await editor(page).fill(WORDS);
  await expect(saveState(page)).toHaveText("Saved on this device · just now");
  await controlled(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(editor(page)).toHaveValue(WORDS);
}

/** Today's prompt is the stored one (the worker's copy), not the stand-in shown when none can be had. */
async function expectTodaysPrompt(page: Page, text: string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: "Today's prompt" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Today's prompt" })).toContainText(text);
  await expect(page.getByText(/^offline copy, from /)).toBeVisible();
}

/**
 * A sentence of today's prompt as the page shows it: the prompt is markup (a styled title line,
 * `~~small:...~~` runs), so its plain text's first sentence after any title, which one element holds.
 */
async function todaysPromptText(page: Page): Promise<string> {
  const res = await page.request.get("/api/prompts/today");
  expect(res.status()).toBe(200);
  const lastLine = ((await res.json()) as { prompt: { text: string } }).prompt.text.trim().split("\n").at(-1)!;
  return markupToPlainText(lastLine, "prompt").split(/(?<=[.?!])\s/)[0]!.trim();
}

test.describe("offline on the first visit (issue 24 item 7)", () => {
  test("a writer's first /write, reloaded offline once the worker controls it, still shows them signed in with today's prompt and their text", async ({ browser }) => {
    const { page, errors, close } = await swPage(browser);
    await registerViaApi(page.request, { name: "First Visit Writer" });
    const prompt = await todaysPromptText(page);

    await firstVisitThenReloadOffline(page);
    await expectTodaysPrompt(page, prompt);
    await expect(page.getByText(/could not reach the server, so you may appear signed out/)).toHaveCount(0);
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign Up" })).toHaveCount(0);
    forgiveNetworkErrors(errors);
    expect(errors, "page errors").toEqual([]);
    await close();
  });

  test("a writer whose first page is the server-rendered home opens /write offline still signed in", async ({ browser }) => {
    const { page, errors, close } = await swPage(browser);
    await registerViaApi(page.request, { name: "Home First Writer" });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "write", exact: true })).toBeVisible();
    await controlled(page);
    await page.context().setOffline(true);
    await page.goto("/write");
    await expect(editor(page)).toBeVisible();
    await expect(page.getByText(/could not reach the server, so you may appear signed out/)).toHaveCount(0);
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    forgiveNetworkErrors(errors);
    expect(errors, "page errors").toEqual([]);
    await close();
  });

  test("a visitor's first /write, reloaded offline, keeps their text and today's prompt, and nothing private is kept", async ({ browser }) => {
    const { page, errors, close } = await swPage(browser);
    const prompt = await todaysPromptText(page);

    await firstVisitThenReloadOffline(page);
    await expectTodaysPrompt(page, prompt);
    expect(await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("inkwell-offline-")))).toEqual(["inkwell-offline-visitor"]);
    forgiveNetworkErrors(errors);
    expect(errors, "page errors").toEqual([]);
    await close();
  });
});
