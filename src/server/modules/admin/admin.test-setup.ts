import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, gte, lte } from "drizzle-orm";
import { afterAll, afterEach, beforeAll } from "vitest";
import { prompts } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";

/*
 * What every admin API test file shares. Call `setupAdminTests()` once at the top of the file;
 * `t`, `admin` and `writer` are then that file's app, an admin and a plain writer (live module
 * bindings, set before the file's first test; vitest gives every test file its own modules).
 */

export let t: TestApp;
export let admin: TestUser;
export let writer: TestUser;

export type Body = Record<string, unknown> & { code?: string; message?: string };
export const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

/** The app shell the server fills with a page's <head>, for tests of server-written meta tags. */
const SHELL_HTML = "<!doctype html><html><head><title>x</title><!--app-head--></head><body></body></html>";

/**
 * Registers the file's hooks: one app on its own database with an admin and a writer, the test
 * clock reset after each test. `withClientShell` also gives the app a client build to serve pages from.
 */
export function setupAdminTests({ withClientShell = false } = {}): void {
  let shellDir: string | undefined;
  beforeAll(async () => {
    if (withClientShell) {
      shellDir = mkdtempSync(join(tmpdir(), "inkwell-dist-"));
      writeFileSync(join(shellDir, "index.html"), SHELL_HTML);
    }
    t = await createTestApp(shellDir ? { CLIENT_DIST_DIR: shellDir } : {});
    admin = await createUser(t, { name: "Editor Admin", admin: true });
    writer = await createUser(t, { name: "Plain Writer" });
  });
  afterAll(async () => {
    await t?.close();
    if (shellDir) rmSync(shellDir, { recursive: true, force: true });
  });
  afterEach(() => t.deps.testClock!.reset());
}

/** The daily prompts stored from `from` to `to` (inclusive), by date, as the scheduler writes them. */
export function storedPrompts(from: string, to: string) {
  return t.deps.db
    .select({ date: prompts.date, text: prompts.text, author: prompts.author })
    .from(prompts)
    .where(and(gte(prompts.date, from), lte(prompts.date, to)))
    .orderBy(prompts.date);
}
