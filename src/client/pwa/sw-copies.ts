/// <reference lib="webworker" />
/**
 * The service worker's copies of the API answers shared/pwa.ts names (issue 16 item 1), one cache per
 * account: the server names the account on each answer (or "visitor"), a new name drops every other
 * account's copies, and a copy is served only for the account named last.
 */
import { ACCOUNT_HEADER, OFFLINE_ACCOUNT_CACHE, OFFLINE_CACHE_PREFIX, OFFLINE_COPY_HEADER } from "../../shared/pwa.ts";

const ACCOUNT_KEY = "/account";

async function currentAccount(): Promise<string | null> {
  const res = await (await caches.open(OFFLINE_ACCOUNT_CACHE)).match(ACCOUNT_KEY);
  return res ? res.text() : null;
}

/** The server named another account (or a visitor): every other account's copies go. */
async function switchTo(account: string): Promise<void> {
  if ((await currentAccount()) === account) return;
  for (const name of await caches.keys()) {
    if (name.startsWith(OFFLINE_CACHE_PREFIX) && name !== OFFLINE_CACHE_PREFIX + account) await caches.delete(name);
  }
  await (await caches.open(OFFLINE_ACCOUNT_CACHE)).put(ACCOUNT_KEY, new Response(account));
}

/** Keeps a keepable answer the network gave, under the account the server named on it. */
export async function keep(request: Request, res: Response): Promise<void> {
  const account = res.headers.get(ACCOUNT_HEADER);
  if (!account) return;
  await switchTo(account);
  // A visitor has nothing private to keep; only the prompt is the same for everyone.
  if (account === "visitor" && new URL(request.url).pathname !== "/api/prompts/today") return;
  const fetchedAt = new Date(res.headers.get("date") ?? Date.now());
  const headers = new Headers(res.headers);
  headers.set(OFFLINE_COPY_HEADER, (Number.isNaN(fetchedAt.getTime()) ? new Date() : fetchedAt).toISOString());
  const copy = new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers });
  await (await caches.open(OFFLINE_CACHE_PREFIX + account)).put(request, copy);
}

/** The copy of that request kept for the account named last, if any. */
export async function offlineCopy(request: Request): Promise<Response | undefined> {
  const account = await currentAccount();
  if (!account || !(await caches.has(OFFLINE_CACHE_PREFIX + account))) return undefined;
  return (await caches.open(OFFLINE_CACHE_PREFIX + account)).match(request, { ignoreVary: true });
}
