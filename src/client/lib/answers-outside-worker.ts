import { ANSWERS_OUTSIDE_WORKER_ASK, isKeepableApiRequest, type AnswersOutsideWorker } from "#shared/pwa.ts";

/**
 * The keepable API answers (shared/pwa.ts) this page got around the service worker: requested
 * while no worker controlled it (the first visit). A worker about to take control asks for them
 * (client/pwa/sw-first-pages.ts) and keeps them (issue 24 item 7).
 */
const paths = new Set<string>();

/** Notes a request that no worker sees, if it is keepable. */
export function noteAnswerOutsideWorker(method: string, url: string | URL): void {
  if (typeof window === "undefined" || !("serviceWorker" in navigator) || navigator.serviceWorker.controller) return;
  const parsed = new URL(url, window.location.origin);
  if (parsed.origin !== window.location.origin || !isKeepableApiRequest(method.toUpperCase(), parsed)) return;
  paths.add(parsed.pathname + parsed.search);
}

/** Answers a worker's ask on the port it sent. */
export function answerWorkerAsks(timeZone: () => string): void {
  if (typeof window === "undefined" || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    const port = event.ports[0];
    if ((event.data as { type?: unknown } | null)?.type !== ANSWERS_OUTSIDE_WORKER_ASK || !port) return;
    const answers: AnswersOutsideWorker = { paths: [...paths], timeZone: timeZone() };
    port.postMessage(answers);
  });
  // Messages from a worker that does not control this page yet are held until this is called.
  navigator.serviceWorker.startMessages();
}
