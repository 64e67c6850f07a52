import type { Browser, BrowserContext, Page } from "@playwright/test";
import { queuedCount } from "./device-storage.ts";
import { expect, feedCard, ORIGIN, registerViaApi, signInAsAdmin, unique } from "./fixtures.ts";

/* Steps of the offline-writing journeys (issue 16 items 2 and 3). */

export const editor = (page: Page) => page.getByRole("textbox", { name: "Your writing" });
export const saveState = (page: Page) => page.locator('p[role="status"][aria-live="polite"]');

/** Requests the browser could not make (offline, or aborted on purpose here) are what these tests are about. */
export const forgiveNetworkErrors = (errors: string[]) => {
  const kept = errors.filter((e) => !/net::ERR_(INTERNET_DISCONNECTED|FAILED)/.test(e));
  errors.splice(0, errors.length, ...kept);
};

/** A writer on /write with a titled text whose writing time is over. */
export async function writeAPiece(page: Page, words: string): Promise<{ title: string; id: string }> {
  const { id } = await registerViaApi(page.request, { name: "Offline Writer" });
  const title = `Offline ${unique()}`;
  await page.goto("/write");
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await editor(page).fill(words);
  await expect(saveState(page)).toHaveText("Saved on this device · just now");
  await expect(page.getByRole("timer", { name: "Writing time complete" })).toBeVisible({ timeout: 15_000 });
  return { title, id };
}

export async function pressPublish(page: Page) {
  await page.getByRole("button", { name: "publish" }).click();
  await page.getByRole("dialog", { name: "How would you like to share this?" }).getByRole("button", { name: "Share with community" }).click();
  await expect(page.getByText("Will publish when you're back online.")).toBeVisible();
  await expect(saveState(page)).toHaveText("Publishing when back online");
}

/** A piece pressed while its request cannot get through (aborted on `on`, the page or the whole context): it waits in the queue. */
export async function queueUnreachable(page: Page, on: Page | BrowserContext, words: string) {
  const written = await writeAPiece(page, words);
  await on.route("**/api/submissions", (route) => route.abort());
  await pressPublish(page);
  return written;
}

/** The browser's `online` event, as when a connection comes back. */
export async function reconnect(context: BrowserContext) {
  await context.setOffline(true);
  await context.setOffline(false);
}

export async function expectPublishedOnce(page: Page, title: string) {
  await expect.poll(() => queuedCount(page)).toBe(0);
  await page.goto("/community");
  await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
  await expect(feedCard(page, title)).toHaveCount(1);
}

/** An admin suspends writer `id` (in a page of their own), as happens while a piece waits on a writer's device. */
export async function suspendByAdmin(browser: Browser, id: string, reason: string) {
  const admin = await browser.newPage();
  try {
    await signInAsAdmin(admin);
    const res = await admin.request.put(`/api/admin/users/${id}/suspension`, { data: { until: null, reason }, headers: { origin: ORIGIN } });
    expect(res.status()).toBe(200);
  } finally {
    await admin.context().close();
  }
}
