/// <reference lib="webworker" />
/**
 * The service worker (issue 16 item 1). Precaches the build's hashed files and the app shell;
 * navigations go to the network (the server renders public pages) and fall back to the shell only
 * when the network fails or is too slow; of the API it keeps only the responses shared/pwa.ts names,
 * per account (sw-copies.ts), and serves them only offline, marked with the time they were fetched.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
import { APP_SHELL_PATH, isKeepableApiRequest } from "../../shared/pwa.ts";
import { keep, offlineCopy } from "./sw-copies.ts";
import { keepFirstPagesAnswers } from "./sw-first-pages.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/** A navigation waits this long for the server before the shell opens instead (a dead connection). */
const NAVIGATION_TIMEOUT_SECONDS = 5;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A first install takes the open pages at once (their API calls then go through here), once what
// they fetched before it is kept (sw-first-pages.ts): a page it controls can go offline the next
// moment. An update waits for the writer's "Reload" (client/pwa/register.ts sends SKIP_WAITING).
self.addEventListener("activate", (event: ExtendableEvent) => {
  event.waitUntil(keepFirstPagesAnswers().finally(() => self.clients.claim()));
});
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
