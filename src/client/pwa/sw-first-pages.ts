/// <reference lib="webworker" />
/**
 * What the pages open before this worker controlled them fetched around it (issue 24 item 7): their
 * first requests (who is signed in, today's prompt) went to the network, so nothing was kept. Before it takes control, the worker asks each open page for those
 * answers' paths (client/lib/answers-outside-worker.ts), fetches them again with the browser's own
 * cookies and the page's time zone, and keeps them as any other (sw-copies.ts, per account).
 */
import { ANSWERS_OUTSIDE_WORKER_ASK, isKeepableApiRequest, TIME_ZONE_HEADER, type AnswersOutsideWorker } from "../../shared/pwa.ts";
import { keep } from "./sw-copies.ts";

declare const self: ServiceWorkerGlobalScope;

/** A page that does not answer by then (an older version of the app, a frozen tab) is passed over. */
const ASK_TIMEOUT_MS = 1_000;
/** A fetch that takes longer (a dead connection) is given up: taking control must not wait on it. */
const FETCH_TIMEOUT_MS = 5_000;

function isAnswers(value: unknown): value is AnswersOutsideWorker {
  const v = value as Partial<AnswersOutsideWorker> | null;
  return typeof v === "object" && v !== null && Array.isArray(v.paths) && v.paths.every((p) => typeof p === "string") && typeof v.timeZone === "string";
}

function ask(client: Client): Promise<AnswersOutsideWorker | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), ASK_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      resolve(isAnswers(event.data) ? event.data : null);
    };
    client.postMessage({ type: ANSWERS_OUTSIDE_WORKER_ASK }, [channel.port2]);
  });
}

async function fetchAndKeep(path: string, timeZone: string): Promise<void> {
  const url = new URL(path, self.location.origin);
  // Only this site's keepable answers, whatever a page says.
  if (url.origin !== self.location.origin || !isKeepableApiRequest("GET", url)) return;
  const request = new Request(url, { credentials: "same-origin", headers: { [TIME_ZONE_HEADER]: timeZone } });
  const res = await fetch(request, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (res.ok) await keep(request, res);
}

/** Fetches and keeps every open page's answers that went around the worker; never fails. */
export async function keepFirstPagesAnswers(): Promise<void> {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const asked = new Map<string, string>();
  for (const answers of await Promise.all(pages.map(ask))) {
    if (answers) for (const path of answers.paths) asked.set(path, answers.timeZone);
  }
  await Promise.all([...asked].map(([path, timeZone]) => fetchAndKeep(path, timeZone).catch(() => undefined)));
}
