import { Hono } from "hono";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import { LIVE_HEARTBEAT_MS, LIVE_RETRY_MS } from "#shared/constants.ts";
import type { HttpBindings } from "@hono/node-server";
import { CLIENT_IP_HEADER } from "../../http/limits.ts";
import type { AppEnv } from "../../http/context.ts";
import { waitText } from "#shared/errors.ts";
import { ADMIN_ONLY_EVENTS, CIRCLE_EVENTS, NOTIFICATIONS_EVENT, notificationsEventPayload, SERVER_ONLY_EVENTS } from "#shared/schemas/events.ts";
import { HttpError } from "../../http/errors.ts";
import type { StoredLiveEvent } from "../../realtime/bus.ts";
import { ViewerBlockFilter } from "../../realtime/viewer-blocks.ts";
import { ViewerCircles } from "../../realtime/viewer-circles.ts";
import { onUserSignal } from "../../realtime/user-signals.ts";
import { unreadCountOf } from "../notifications/notifications.service.ts";
import { latestEventId, oldestEventId } from "./events.service.ts";
import { fallenBehind, streamSlots } from "./stream-limits.ts";

/** How long a client refused for too many open streams is asked to wait (Retry-After and the message). */
const STREAM_RETRY_S = 30;
/** A client further behind than this is told to reload instead of replaying. */
export const REPLAY_LIMIT = 500;
/** Writes a slow client has not taken yet; beyond this it is cut off (it reconnects and resumes). */
const MAX_PENDING_WRITES = 1000;
const DRAIN_MS = 1000;

function parseLastId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/**
 * GET /api/events: the live feed as Server-Sent Events.
 * - `event: ready` (id = the newest event id) once caught up, so a reconnect can resume;
 * - one event per public change (types in shared/schemas/events.ts), id = the events row id;
 * - with Last-Event-ID (header, or ?lastEventId=) the missed events are replayed first, or
 *   `event: stale` when too many were missed or some were already pruned (the client then
 *   reloads what it shows);
 * - a `: heartbeat` comment every LIVE_HEARTBEAT_MS; ends on server shutdown or when the client leaves.
 */
export const eventsRoutes = new Hono<AppEnv>().get("/events", (c) => {
  const deps = c.get("deps");
  const lastId = parseLastId(c.req.header("last-event-id") ?? c.req.query("lastEventId"));
  const release = streamSlots(deps).take(c.req.header(CLIENT_IP_HEADER) ?? "unknown", c.get("user")?.id ?? null);
  if (!release) {
    c.header("Retry-After", String(STREAM_RETRY_S));
    throw new HttpError(429, "too_many_streams", `Too many live connections from here. Close a few tabs and try again in ${waitText(STREAM_RETRY_S)}.`);
  }
  const outgoing = (c.env as HttpBindings | undefined)?.outgoing;
  const viewerId = c.get("user")?.id ?? null;
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream: SSEStreamingApi) => {
    let pending = 0;
    let chain: Promise<unknown> = Promise.resolve();
    let live = false;
    const queued: StoredLiveEvent[] = [];
    const sent = new Set<number>();
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    // A signed-in viewer's stream drops events about writers they block (issue 13 item 5).
    // When they block or unblock someone, their page reads what it shows again ("stale").
    const blockFilter = viewerId ? new ViewerBlockFilter(deps, viewerId, () => write(() => stream.writeSSE({ event: "stale", data: "{}" }))) : null;
    // The viewer's own notifications changed (issue 14 item 6): their new unread count, to them alone.
    const sendUnread = (userId: string) => async () => {
      const unread = await unreadCountOf(deps.db, userId).catch(() => null);
      if (unread !== null) await stream.writeSSE({ event: NOTIFICATIONS_EVENT, data: JSON.stringify(notificationsEventPayload.parse({ unread })) });
    };
    // Circle events reach members of those circles only (issue 29 item 4).
    const viewerCircles = viewerId ? new ViewerCircles(deps, viewerId) : null;
    const userSignals = viewerId ? onUserSignal(deps, viewerId, () => write(sendUnread(viewerId))) : null;

    const write = (fn: () => Promise<unknown>) => {
      if (stream.aborted || stream.closed) return;
      if (++pending > MAX_PENDING_WRITES || fallenBehind(outgoing)) {
        // A client that stopped reading: drop it (and what waits for it) rather than buffer forever.
        outgoing?.destroy();
        finish();
        return;
      }
      chain = chain.then(fn).finally(() => pending--);
    };
    // The bus only carries events of the public union, already stripped to their public fields.
    const sendEvent = (e: StoredLiveEvent) => {
      if (SERVER_ONLY_EVENTS.has(e.type)) return;
      if (ADMIN_ONLY_EVENTS.has(e.type) && !c.get("user")?.isAdmin) return;
      if (CIRCLE_EVENTS.has(e.type) && !viewerCircles) return;
      if (!live) sent.add(e.id);
      write(async () => {
        let payload: object = e.payload;
        if ("circleIds" in e.payload) {
          const mine = (await viewerCircles?.mine(e.payload.circleIds).catch(() => [])) ?? [];
          if (mine.length === 0) return;
          payload = { ...e.payload, circleIds: mine };
        }
        if (blockFilter && (await blockFilter.hides(e).catch(() => true))) return;
        await stream.writeSSE({ event: e.type, id: String(e.id), data: JSON.stringify(payload) });
      });
    };

    // Listen before reading the backlog, so nothing published meanwhile is lost.
    const unsubscribe = deps.realtime.subscribe((e) => {
      if (live) sendEvent(e);
      else queued.push(e);
    });
    // This instance lost its LISTEN connection for a while: events in the gap never came, so the
    // client reloads what it shows.
    const unwatchGaps = deps.realtime.onResync(() => write(() => stream.writeSSE({ event: "stale", data: "{}" })));
    stream.onAbort(() => finish());
    const onShutdown = () => finish();
    deps.shutdown.addEventListener("abort", onShutdown, { once: true });
    const heartbeat = setInterval(() => write(() => stream.write(": heartbeat\n\n")), LIVE_HEARTBEAT_MS);

    try {
      if (deps.shutdown.aborted) return;
      write(() => stream.write(`retry: ${LIVE_RETRY_MS}\n\n`));
      await userSignals?.ready;
      const latest = await latestEventId(deps.db);
      if (lastId !== null) {
        // Events older than a day are pruned: a client whose last event is before the oldest one
        // kept may have missed some of them, so it reloads instead of replaying a gap.
        const oldest = lastId < latest ? await oldestEventId(deps.db) : null;
        const pruned = oldest !== null && lastId < oldest - 1;
        const backlog = lastId > latest || pruned ? null : await deps.realtime.since(lastId, REPLAY_LIMIT);
        if (!backlog || backlog.length >= REPLAY_LIMIT) write(() => stream.writeSSE({ event: "stale", data: "{}" }));
        else for (const e of backlog) sendEvent(e);
      }
      // Events that arrived while catching up (on PostgreSQL a NOTIFY can trail its commit),
      // then "ready" with an id no lower than anything sent, so a reconnect resumes after all of it.
      let upTo = latest;
      for (const e of queued) {
        if (sent.has(e.id)) continue;
        sendEvent(e);
        upTo = Math.max(upTo, e.id);
      }
      for (const id of sent) upTo = Math.max(upTo, id);
      write(() => stream.writeSSE({ event: "ready", id: String(upTo), data: "{}" }));
      queued.length = 0;
      sent.clear();
      live = true;
      await done;
    } finally {
      live = false;
      unsubscribe();
      unwatchGaps();
      blockFilter?.close();
      userSignals?.stop();
      release();
      clearInterval(heartbeat);
      deps.shutdown.removeEventListener("abort", onShutdown);
      // Let queued writes drain, but never hold a closing stream for long.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([chain, new Promise((r) => (timer = setTimeout(r, DRAIN_MS)))]);
      clearTimeout(timer);
    }
  });
});
