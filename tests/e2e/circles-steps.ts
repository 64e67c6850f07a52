import type { Browser, Page } from "@playwright/test";
import { readMail, registerViaApi } from "./fixtures.ts";

/** A signed-in writer with a confirmed address (circles ask for one), in a browser of their own. */
export async function confirmedWriter(browser: Browser, name: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  const { email } = await registerViaApi(page.request, { name });
  const mail = await readMail(email, /Confirm your email/);
  await page.request.get(mail.link, { maxRedirects: 0 });
  return { page, close: () => context.close() };
}
