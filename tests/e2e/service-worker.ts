import type { Browser, Page } from "@playwright/test";

/* The e2e suite blocks service workers (playwright.config.ts); these helpers open a context where one runs. */

/** A context where the service worker runs (the suite blocks it elsewhere), and its errors that are not offline fetches. */
export async function swPage(browser: Browser): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ serviceWorkers: "allow" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource|ERR_INTERNET_DISCONNECTED|Could not reach the server/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return { page, errors, close: () => context.close() };
}

/** Waits until the worker is active and controls the page (no sleeps). */
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every cached request under /api, as path + search, across all caches. */
export const cachedApi = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) {
        const u = new URL(req.url);
        if (u.pathname.startsWith("/api/")) urls.push(u.pathname + u.search);
      }
    }
    return urls;
  });
