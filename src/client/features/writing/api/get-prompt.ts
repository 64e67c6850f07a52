import { queryOptions, useQuery } from "@tanstack/react-query";
import { EMERGENCY_PROMPT, PROMPT_FETCH_ATTEMPTS, PROMPT_FETCH_BACKOFF_MS, PROMPT_FETCH_TIMEOUT_MS } from "#shared/constants.ts";
import type { WritingPage } from "#shared/domain/writing-session.ts";
import type { Prompt, TodayPromptResponse } from "#shared/schemas/writing.ts";
import { api, callOptions, unwrap } from "#client/lib/api-client.ts";

/** Each try gives up after 10 s (spec §9). */
const withTimeout = callOptions({ timeoutMs: PROMPT_FETCH_TIMEOUT_MS });

/**
 * What /write shows: a stored prompt from the server (which always answers one), or, when the
 * server cannot be reached after five tries (spec §9), the emergency prompt, which has no id: a
 * save then asks the server again for the stored prompt it answers.
 */
export type ShownPrompt = TodayPromptResponse | { prompt: Prompt; source: "offline" };

export const OFFLINE_PROMPT: ShownPrompt = {
  prompt: { id: null, text: EMERGENCY_PROMPT, date: null, author: null, kind: "daily" },
  source: "offline",
};

/** While the emergency prompt stands in, the stored one is asked for again this often. */
const OFFLINE_RETRY_MS = 30_000;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Tries a call up to 5 times (10 s each), waiting 1 s, 2 s, 4 s, 8 s between tries (spec §9);
 * null when every try failed.
 */
async function withRetries<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T | null> {
  let delay = PROMPT_FETCH_BACKOFF_MS;
  for (let attempt = 1; attempt <= PROMPT_FETCH_ATTEMPTS; attempt++) {
    try {
      return await call();
    } catch {
      if (signal?.aborted || attempt === PROMPT_FETCH_ATTEMPTS) break;
      await sleep(delay, signal);
      delay *= 2;
    }
  }
  return null;
}

/** Today's prompt for the writer's own date; after five failed tries, the emergency prompt. */
export async function getTodayPrompt(signal?: AbortSignal): Promise<ShownPrompt> {
  const res = await withRetries(() => unwrap(api.api.prompts.today.$get(undefined, withTimeout)), signal);
  return res ?? OFFLINE_PROMPT;
}

export const getTodayPromptQueryOptions = () =>
  queryOptions({
    queryKey: ["prompts", "today"],
    queryFn: ({ signal }) => getTodayPrompt(signal),
    staleTime: 5 * 60_000,
    retry: false,
    // Back online, the stored prompt replaces the stand-in before the writer saves.
    refetchInterval: (query) => (query.state.data?.source === "offline" ? OFFLINE_RETRY_MS : false),
  });

/** The "Freewrite Session" prompt freewrites answer (null when it cannot be had). */
export async function getFreewritePrompt(signal?: AbortSignal): Promise<Prompt | null> {
  const res = await withRetries(() => unwrap(api.api.prompts.freewrite.$get(undefined, withTimeout)), signal);
  return res?.prompt ?? null;
}

export const getFreewritePromptQueryOptions = () =>
  queryOptions({
    queryKey: ["prompts", "freewrite"],
    queryFn: ({ signal }) => getFreewritePrompt(signal),
    staleTime: Infinity,
    retry: false,
  });

/**
 * The prompt a writing page answers: today's on /write (`today`, which the page shows), the
 * freewrite prompt on /freewrite. `currentId()` is its id for a save, asked for again when it
 * is not known yet (null when there is none); `knownId` is the id already known (offline, nothing is asked).
 * `chosenId`: another prompt the writer chose to answer instead (a circle's, issue 29).
 */
export function usePagePrompt(page: WritingPage, chosenId?: string) {
  const today = useQuery({ ...getTodayPromptQueryOptions(), enabled: page === "write" });
  const freewrite = useQuery({ ...getFreewritePromptQueryOptions(), enabled: page === "freewrite" });
  const known = chosenId ?? (page === "write" ? today.data?.prompt.id ?? null : freewrite.data?.id ?? null);

  const currentId = async (): Promise<string | null> => {
    if (known) return known;
    if (page === "write") return (await today.refetch()).data?.prompt.id ?? null;
    return (await freewrite.refetch()).data?.id ?? null;
  };

  return { today, currentId, knownId: known };
}
