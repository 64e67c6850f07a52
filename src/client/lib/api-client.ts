import { hc, type ClientRequestOptions, type ClientResponse } from "hono/client";
import type { AppType } from "#server/app.ts";
import { isApiErrorBody, type ApiErrorBody } from "#shared/errors.ts";
import { TIME_ZONE_HEADER } from "#shared/pwa.ts";
import { noteAnswerOutsideWorker } from "./answers-outside-worker.ts";
import { noteOfflineCopy } from "./offline-copy.ts";

/** Every failed call becomes one of these, unwrapped once here. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: ApiErrorBody["issues"],
  ) {
    super(message);
  }
  get isTimeout(): boolean {
    return this.code === "timeout";
  }
  /** A 429: its message says how long to wait, so show it as it is. */
  get isRateLimited(): boolean {
    return this.status === 429;
  }
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

type Transport = (input: RequestInfo | URL, init: RequestInit) => Promise<Response>;
let transport: Transport = (input, init) => fetch(input, init);

/** Where API calls go: the network; the server's renderer points them at the app itself (ssr/). */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** fetch with the writer's time zone on every request and a time-out that says so. */
export function apiFetchRaw(input: RequestInfo | URL, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
  const { timeoutMs = 10_000, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set(TIME_ZONE_HEADER, browserTimeZone());
  noteAnswerOutsideWorker(rest.method ?? (input instanceof Request ? input.method : "GET"), input instanceof Request ? input.url : input);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ApiError(0, "timeout", `Operation timed out after ${timeoutMs}ms`)), timeoutMs);
  const outer = rest.signal;
  if (outer) {
    if (outer.aborted) controller.abort(outer.reason);
    else outer.addEventListener("abort", () => controller.abort(outer.reason), { once: true });
  }
  return transport(input, { ...rest, headers, credentials: "same-origin", signal: controller.signal })
    .then((res) => {
      noteOfflineCopy(res);
      return res;
    })
    .catch((err: unknown) => {
      if (err instanceof ApiError) throw err;
      if (controller.signal.reason instanceof ApiError) throw controller.signal.reason;
      if ((err as Error)?.name === "AbortError") throw err;
      throw new ApiError(0, "network", "Could not reach the server. Please check your connection and try again.");
    })
    .finally(() => clearTimeout(timer));
}

async function toError(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  if (isApiErrorBody(body)) return new ApiError(res.status, body.code, body.message, body.issues);
  if ([502, 503, 504].includes(res.status)) return new ApiError(res.status, "unavailable", "The server is busy right now. Please try again.");
  return new ApiError(res.status, "unknown", `Request failed (${res.status})`);
}

/** Typed URLs of the API for links and downloads: only their path is used (`apiPath`), the base is a placeholder. */
export const apiUrls = hc<AppType>("http://app.invalid");
/** The same-origin path (and query) of a URL built by `apiUrls`. */
export const apiPath = (url: URL): string => `${url.pathname}${url.search}`;

/** The typed RPC client (hc<AppType>); pair calls with `unwrap`. */
export const api = hc<AppType>("/", { fetch: ((input: RequestInfo | URL, init?: RequestInit) => apiFetchRaw(input, init)) as typeof fetch });

/**
 * Options for one typed call: a time-out other than the default 10 s (the spec's per-action
 * limits) and an abort signal, e.g. `api.api.x.$put({ param }, callOptions({ timeoutMs: 8000 }))`.
 */
export function callOptions({ timeoutMs, signal }: { timeoutMs?: number; signal?: AbortSignal | undefined }): ClientRequestOptions {
  return {
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => apiFetchRaw(input, { ...init, timeoutMs })) as typeof fetch,
    ...(signal ? { init: { signal } } : {}),
  };
}

/** Awaits an hc call and returns its JSON, or throws the ApiError. */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<R extends ClientResponse<infer T, infer S, string> ? (S extends 200 | 201 ? T : T extends { code: string; message: string } ? never : T) : never> {
  const res = await call;
  if (!res.ok) throw await toError(res as unknown as Response);
  return (await res.json()) as never;
}

/** The message a person should read for any thrown value. */
export function errorMessage(err: unknown, fallback = "Something went wrong. Please try again."): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
