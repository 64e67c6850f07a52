/// <reference lib="webworker" />
/**
 * The service worker (issue 16 item 1). Precaches the build's hashed files and the app shell;
 * navigations go to the network (the server renders public pages) and fall back to the shell only
 * when the network fails or is too slow; of the API it keeps only the responses shared/pwa.ts names,
 * per account, and serves them only offline, marked with the time they were fetched.
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
import { ACCOUNT_HEADER, APP_SHELL_PATH, isKeepableApiRequest, OFFLINE_ACCOUNT_CACHE, OFFLINE_CACHE_PREFIX, OFFLINE_COPY_HEADER } from "../../shared/pwa.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/** A navigation waits this long for the server before the shell opens instead (a dead connection). */
const NAVIGATION_TIMEOUT_SECONDS = 5;
const ACCOUNT_KEY = "/account";

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A first install takes the open page at once (its API calls then go through here); an update
// waits for the writer's "Reload" (client/pwa/register.ts sends SKIP_WAITING).
clientsClaim();
self.addEventListener("message", (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

const network = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(APP_SHELL_PATH)) ?? Response.error();
      }
    },
    // Not pages: the API, the Atom feeds, files, and the operator's /metrics.
    { denylist: [/^\/api\//, /^\/feeds\//, /^\/metrics$/, /\.[a-z0-9]+$/i] },
  ),
);

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

async function keep(request: Request, res: Response): Promise<void> {
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

async function offlineCopy(request: Request): Promise<Response | undefined> {
  const account = await currentAccount();
  if (!account || !(await caches.has(OFFLINE_CACHE_PREFIX + account))) return undefined;
  return (await caches.open(OFFLINE_CACHE_PREFIX + account)).match(request, { ignoreVary: true });
}

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && isKeepableApiRequest(request.method, url),
  async ({ request, event }) => {
    try {
      const res = await fetch(request);
      if (res.ok) event.waitUntil(keep(request, res.clone()));
      return res;
    } catch (err) {
      const copy = await offlineCopy(request);
      if (copy) return copy;
      throw err;
    }
  },
);
