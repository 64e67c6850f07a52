import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { WriteInPanel, WriteInPanelDelta } from "#shared/schemas/write-ins.ts";
import { applyPanelDelta } from "./apply-panel-delta.ts";
import { panelKey, panelStreamUrl } from "./api.ts";

const RETRY_MIN_MS = 1_000;
/** Refused (an error answer, or 204 once it is over) this many times in a row: the page polls instead. */
const MAX_RETRIES = 3;

/**
 * The live panel pushed by the server (issue 30 item 4): while `enabled`, an EventSource on the
 * write-in's panel stream puts each whole `panel` frame in the panel's query (keeping the seat the
 * page read itself: the stream's body is everyone's) and applies each `delta` to it. Answers whether the stream is open: while it is
 * not (connecting, refused, no EventSource), the page polls the panel instead.
 */
export function usePanelStream(id: string, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let retries = 0;
    let stopped = false;
    const connect = () => {
      const es = new EventSource(panelStreamUrl(id));
      source = es;
      const read = <T>(e: Event): T | null => {
        try {
          return JSON.parse((e as MessageEvent<string>).data) as T;
        } catch {
          return null;
        }
      };
      // A whole panel on connecting; then what changed, tick by tick.
      es.addEventListener("panel", (e) => {
        const body = read<WriteInPanel>(e);
        if (!body) return;
        retries = 0;
        setOpen(true);
        // A read of the panel still on its way is older than this: it must not land on top of it.
        void queryClient.cancelQueries({ queryKey: panelKey(id) });
        queryClient.setQueryData<WriteInPanel>(panelKey(id), (before) => (before && before.now > body.now ? before : { ...body, yourSeat: before?.yourSeat ?? null }));
      });
      es.addEventListener("delta", (e) => {
        const delta = read<WriteInPanelDelta>(e);
        if (delta) queryClient.setQueryData<WriteInPanel>(panelKey(id), (before) => applyPanelDelta(before, delta));
      });
      es.onerror = () => {
        setOpen(false);
        // CONNECTING: the browser retries by itself. CLOSED (an error answer): we retry a few times, more
        // slowly each time, then leave it to the page's polling.
        if (es.readyState !== EventSource.CLOSED || stopped || retries >= MAX_RETRIES) return;
        es.close();
        retry = setTimeout(connect, RETRY_MIN_MS * 2 ** retries++);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      setOpen(false);
    };
  }, [id, enabled, queryClient]);
  return open;
}
