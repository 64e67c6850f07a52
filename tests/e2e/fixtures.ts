import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Browser, type Page, type Route } from "@playwright/test";

export const E2E_PORT = process.env.E2E_PORT ?? "3100";
export const ORIGIN = `http://localhost:${E2E_PORT}`;
export const DATA_DIR = resolve(`.tmp/e2e-data-${E2E_PORT}`);
export const ADMIN_EMAIL = "editor@e2e.test";
export const PASSWORD = "a quiet room to write";

let seq = 0;
export const uniqueEmail = (prefix = "writer") => `${prefix}-${Date.now().toString(36)}-${process.pid}-${++seq}@e2e.test`;
/** A short stamp that makes a title or a word unique on this server. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Every test fails on an unexpected console error or uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" && !/Failed to load resource: the server responded with a status of (401|403|404|409|422|429)/.test(m.text())) errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Registers through the API on this page's context (its cookies become the session). */
export async function registerViaApi(
  request: APIRequestContext,
  opts: { name?: string; email?: string; alias?: string | null; password?: string } = {},
): Promise<{ email: string; password: string; name: string; id: string }> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? PASSWORD;
  const name = opts.name ?? "Test Writer";
  const res = await request.post("/api/auth/sign-up/email", {
    data: { name, email, password, alias: opts.alias ?? null, timeZone: "UTC" },
    headers: { origin: ORIGIN },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { user: { id: string } };
  return { email, password, name, id: body.user.id };
}

/** A signed-in writer in a fresh browser context, with their email. */
export async function writerPage(browser: Browser, name = "Plain Writer"): Promise<{ page: Page; email: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  const { email } = await registerViaApi(page.request, { name });
  return { page, email, close: () => context.close() };
}

/**
 * A server-rendered page's buttons do nothing until the app has taken the page over: wait for
 * <html data-hydrated> (set once the page itself, not only the top bar, is hydrated) before pressing.
 */
export const hydrated = (page: Page) => expect(page.locator("html[data-hydrated]")).toHaveCount(1);

/**
 * Holds every request to `url` until the returned function is called, then lets `answer` answer
 * it (by default the server): a test sees what a page shows while its request is on its way.
 */
export async function holdRoute(page: Page, url: string, answer: (route: Route) => Promise<void> = (route) => route.fallback()): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await answer(route);
  });
  return release;
}

/** A piece's card in the community feed, found by its title. */
export const feedCard = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title, exact: true }) });

/** Confirms the delete dialog (it names the piece) and waits for the spec's toast. */
export async function confirmDelete(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Delete this piece?" });
  await expect(dialog.getByText(title)).toBeVisible();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Writing deleted successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Every email to `to` whose subject matches, newest first, as the server's mail folder has them now. */
export function mailsTo(to: string, subject: RegExp): { text: string; link: string }[] {
  let files: string[];
  try {
    files = readdirSync(join(DATA_DIR, "mail")).sort().reverse();
  } catch {
    return []; // not yet
  }
  const found: { text: string; link: string }[] = [];
  for (const f of files) {
    const raw = readFileSync(join(DATA_DIR, "mail", f), "utf8");
    const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi").test(unfolded)) continue;
    const subj = unfolded.match(/^Subject: (.*)$/m)?.[1] ?? "";
    if (!subject.test(subj)) continue;
    // The first link that goes somewhere (the site's name at the top links to the home page).
    const link = [...unfolded.matchAll(/https?:\/\/[^\s"<>\]]+/g)].map((m) => m[0]).find((l) => new URL(l).pathname.length > 1);
    if (link) found.push({ text: unfolded, link });
  }
  return found;
}

/** The newest email to `to` whose subject matches, from the server's mail folder (waiting for it to come). */
export async function readMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<{ text: string; link: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const newest = mailsTo(to, subject)[0];
    if (newest) return newest;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/**
 * An admin session on this page: registers ADMIN_EMAIL (listed in ADMIN_EMAILS for the e2e
 * server) if needed, confirms the address through the emailed link, and signs in.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const signIn = () => page.request.post("/api/auth/sign-in/email", { data: { email: ADMIN_EMAIL, password: PASSWORD }, headers: { origin: ORIGIN } });
  if ((await signIn()).status() !== 200) {
    // Two tests starting at once on a fresh database both find no admin: the second to sign up signs in instead.
    const made = await page.request.post("/api/auth/sign-up/email", {
      data: { name: "Editor Admin", email: ADMIN_EMAIL, password: PASSWORD, alias: null, timeZone: "UTC" },
      headers: { origin: ORIGIN },
    });
    if (made.status() !== 200) expect((await signIn()).status(), await made.text()).toBe(200);
  }
  const me = (await (await page.request.get("/api/me")).json()) as { user: { isAdmin: boolean } | null };
  if (!me.user?.isAdmin) {
    const mail = await readMail(ADMIN_EMAIL, /Confirm your email/);
    await page.request.get(mail.link, { maxRedirects: 0 });
  }
  const again = (await (await page.request.get("/api/me")).json()) as { user: { isAdmin: boolean } | null };
  expect(again.user?.isAdmin).toBe(true);
}

/** Moves the server clock (TEST_CLOCK). */
export async function advanceServerClock(request: APIRequestContext, ms: number): Promise<void> {
  const res = await request.post("/api/test/clock", { data: { advanceMs: ms } });
  expect(res.status()).toBe(200);
}

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Let entrance animations settle (a half-faded element is not what a reader sees).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Every rule runs; only the violations' details are gathered (the passes' were thrown away).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * Creates a piece through the real writing API (issue 3 contract): start a writing session,
 * wait out MIN_WRITING_SECONDS (3 s on the e2e server; admins are exempt), then save or publish.
 */
export async function createPieceViaApi(
  request: APIRequestContext,
  opts: { content?: string; title?: string | null; publish?: boolean; signature?: "name" | "alias" | "anonymous"; freewrite?: boolean } = {},
): Promise<{ id: string }> {
  const headers = { origin: ORIGIN };
  const promptRes = await request.get(opts.freewrite ? "/api/prompts/freewrite" : "/api/prompts/today");
  expect(promptRes.status()).toBe(200);
  const { prompt } = (await promptRes.json()) as { prompt: { id: string } };
  const sessionRes = await request.post("/api/writing-sessions", { data: {}, headers });
  expect(sessionRes.status()).toBe(201);
  const session = (await sessionRes.json()) as { token: string; minSeconds: number; isAdmin?: boolean };
  await new Promise((r) => setTimeout(r, session.minSeconds * 1000 + 250));
  const res = await request.post("/api/submissions", {
    headers,
    data: {
      content: opts.content ?? "A handful of words, written with the timer running.",
      title: opts.title ?? null,
      promptId: prompt.id,
      action: opts.publish === false ? "save" : "publish",
      signature: opts.signature ?? "name",
      page: opts.freewrite ? "freewrite" : "write",
      writingSession: session.token,
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { submission: { id: string } };
  return { id: body.submission.id };
}
