import { useCallback, useRef, useState } from "react";
import { isApiErrorBody } from "#shared/errors.ts";
import { apiFetchRaw, errorMessage } from "./api-client.ts";

/** How long the server may take to start sending a file. */
const FIRST_BYTE_MS = 60_000;
/** A file whose bytes stopped coming (the connection or the server failed part way). */
const STOPPED = "The download stopped before it finished. Please try again.";

export type DownloadState = { status: "idle" } | { status: "preparing"; received: number } | { status: "error"; message: string };

/** The file name a response's Content-Disposition gives, else `fallback`. */
export function attachmentName(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
  return match?.[1] ?? fallback;
}

/** "1.2 MB", "340 KB": how much of a file has arrived. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(n / 1024))} KB`;
}

/**
 * Downloads a file the server streams (an export), showing how much has arrived while it is
 * prepared, and the server's own message (sign in, wait, …) when it refuses. The bytes are
 * saved with the name the server gave, through a temporary link to the downloaded blob.
 */
export function useDownload() {
  const [state, setState] = useState<DownloadState>({ status: "idle" });
  const busy = useRef(false);
  const start = useCallback(async (href: string, fallbackName: string) => {
    if (busy.current) return;
    busy.current = true;
    setState({ status: "preparing", received: 0 });
    try {
      const res = await apiFetchRaw(href, { timeoutMs: FIRST_BYTE_MS });
      if (!res.ok) {
        const body: unknown = await res.json().catch(() => null);
        throw new Error(isApiErrorBody(body) ? body.message : "The download could not be prepared. Please try again.");
      }
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      const reader = res.body?.getReader();
      for (;;) {
        const next = reader ? await reader.read().catch(() => Promise.reject(new Error(STOPPED))) : { done: true as const, value: undefined };
        if (next.done) break;
        chunks.push(next.value);
        received += next.value.byteLength;
        setState({ status: "preparing", received });
      }
      const url = URL.createObjectURL(new Blob(chunks, { type: res.headers.get("content-type") ?? "application/octet-stream" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = attachmentName(res, fallbackName);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ status: "idle" });
    } catch (err) {
      setState({ status: "error", message: errorMessage(err) });
    } finally {
      busy.current = false;
    }
  }, []);
  return { state, start };
}
