import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import { LIVE_RETRY_MS, WRITE_IN_JOIN_OPENS_MS } from "#shared/constants.ts";
import { waitText } from "#shared/errors.ts";
import { viewerIdOf, viewerOf } from "../../db/audience.ts";
import type { AppEnv } from "../../http/context.ts";
import { HttpError } from "../../http/errors.ts";
import { CLIENT_IP_HEADER } from "../../http/limits.ts";
import { fallenBehind, streamSlots } from "../events/stream-limits.ts";
import { writeInTimesFor } from "./access.ts";
import { onBlocksChanged } from "../../realtime/viewer-blocks.ts";
import { writeInBlocksOf } from "./panel-blocks.ts";
import { PANEL_CLOSE_AFTER_END_MS, panelHub, type PanelListener } from "./panel-stream.ts";

const STREAM_RETRY_S = 30;

/**
 * GET /api/write-ins/:id/panel/stream: the live panel as Server-Sent Events (`event: panel`, the
 * same body as GET .../panel with `yourSeat` null; then `event: delta`), for whoever may read the
 * write-in (404 otherwise, as the panel), from when joining opens until a little after the end. It takes a slot of the live streams' per-address and per-account caps,
 * and ends after the write-in (the page then reads the results), on a cancel, or on shutdown; a
 * dropped page reconnects (EventSource) and gets the panel at once.
 */
export async function panelStream(c: Context<AppEnv>, id: string): Promise<Response> {
  const deps = c.get("deps");
  const viewer = viewerOf(c.get("user"));
  const row = await writeInTimesFor(deps.db, id, viewer);
  // Before joining opens nobody can be on it; over (its final counts in) or canceled, nothing more will
  // change: no stream (a room would read the table every second for nothing). 204: an EventSource does not reconnect.
  const now = deps.clock.now().getTime();
  if (row.canceled_at !== null || now < row.starts_at.getTime() - WRITE_IN_JOIN_OPENS_MS || now > row.ends_at.getTime() + PANEL_CLOSE_AFTER_END_MS) return c.body(null, 204);
  const blocked = await writeInBlocksOf(deps.db, viewerIdOf(viewer));
  const release = streamSlots(deps).take(c.req.header(CLIENT_IP_HEADER) ?? "unknown", c.get("user")?.id ?? null);
  if (!release) {
    c.header("Retry-After", String(STREAM_RETRY_S));
    throw new HttpError(429, "too_many_streams", `Too many live connections from here. Close a few tabs and try again in ${waitText(STREAM_RETRY_S)}.`);
  }
  const outgoing = (c.env as HttpBindings | undefined)?.outgoing;
  c.header("X-Accel-Buffering", "no");
  c.header("Cache-Control", "no-store");
  return streamSSE(c, async (stream: SSEStreamingApi) => {
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    stream.onAbort(() => finish());
    const onShutdown = () => finish();
    deps.shutdown.addEventListener("abort", onShutdown, { once: true });
    let stop: (() => void) | null = null;
    let unwatch: (() => void) | null = null;
    try {
      if (deps.shutdown.aborted) return;
      void stream.write(`retry: ${LIVE_RETRY_MS}\n\n`);
      const listener: PanelListener = {
        viewer,
        blocked,
        write: (frame) => {
          if (stream.aborted || stream.closed || fallenBehind(outgoing)) return false;
          void stream.write(frame).catch(() => finish());
          return true;
        },
        close: () => finish(),
      };
      stop = panelHub(deps).listen(row, listener);
      // A block or unblock made now reaches this stream at once (as the live events' streams), not at the next recheck.
      const me = viewerIdOf(viewer);
      if (me)
        unwatch = onBlocksChanged(deps, me, () =>
          void writeInBlocksOf(deps.db, me)
            .then((b) => panelHub(deps).reblocked(row.id, listener, b))
            .catch(() => undefined),
        );
      await done;
    } finally {
      unwatch?.();
      stop?.();
      release();
      deps.shutdown.removeEventListener("abort", onShutdown);
    }
  });
}
