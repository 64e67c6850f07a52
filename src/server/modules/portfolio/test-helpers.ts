import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { PieceResponse, ShareLinkResponse } from "#shared/schemas/portfolio.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";

/*
 * What every portfolio test file shares: its own app (with a minimal client build, so page
 * routes answer HTML without `npm run build`), three people to read with, and the two calls
 * most tests make. The `let` exports are live bindings: usePortfolioApp()'s beforeAll sets them
 * before the first test of the file runs.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export type ErrorBody = { code: string; message: string };

export let t: TestApp;
/** Olive Owner, signing some pieces with the alias "Quill Feather". */
export let owner: TestUser;
export let other: TestUser;
export let admin: TestUser;

const CLIENT_INDEX = "<!doctype html><html><head><title>inkwell</title><!--app-head--></head><body><div id=root></div></body></html>";

/** Registers this file's hooks: one app for the file, the test clock reset after each test. */
export function usePortfolioApp(): void {
  const clientDir = mkdtempSync(join(tmpdir(), "inkwell-client-"));
  writeFileSync(join(clientDir, "index.html"), CLIENT_INDEX);
  beforeAll(async () => {
    t = await createTestApp({ CLIENT_DIST_DIR: clientDir });
    [owner, other, admin] = await Promise.all([
      createUser(t, { name: "Olive Owner", alias: "Quill Feather" }),
      createUser(t, { name: "Otto Other" }),
      createUser(t, { name: "Ada Admin", admin: true }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });
  afterEach(() => t.deps.testClock!.reset());
}

/** GET /api/submissions/:id as `cookie` (a visitor when null), optionally with ?share=. */
export const piece = (id: string, cookie?: string | null, shareToken?: string) =>
  t.json<PieceResponse & ErrorBody>(`/api/submissions/${id}${shareToken ? `?share=${shareToken}` : ""}`, { cookie: cookie ?? null });

/** A share link to the piece, made (or reused) by `cookie`, the owner by default. */
export async function share(id: string, cookie = owner.cookie): Promise<ShareLinkResponse> {
  const res = await t.json<ShareLinkResponse>(`/api/submissions/${id}/share-links`, { json: {}, cookie });
  expect([200, 201]).toContain(res.status);
  return res.body;
}
