import { useEffect, useRef } from "react";
import { LIVE_EVENT_TYPES, NOTIFICATIONS_EVENT, readLiveEvent, readUnreadCount } from "#shared/domain/live-events.ts";
import type { LiveEvent } from "#shared/schemas/events.ts";

/**
 * Live events from GET /api/events, shared by the whole app: one EventSource however many
 * components listen. The browser reconnects by itself after a dropped connection (sending
 * Last-Event-ID, so the server replays what was missed); when it gives up (the server answered
 * an error), we reconnect with a growing delay, passing the last id in the query.
 */
export type LiveMessage =
  | LiveEvent
  /** Too much was missed to replay: reload what is shown. */
  | { type: "stale" }
  /** Connected (again) and caught up. */
  | { type: "ready" }
  /** The signed-in writer's unread notifications changed (sent to their own streams only). */
  | { type: "notifications"; unread: number };

type Handler = (message: LiveMessage) => void;

const EVENTS_URL = "/api/events";
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** Keep the connection this long after the last listener leaves (route changes). */
const IDLE_CLOSE_MS = 5000;

const handlers = new Set<Handler>();
let source: EventSource | null = null;
let lastEventId = "";
let retryMs = RETRY_MIN_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function dispatch(message: LiveMessage) {
  for (const h of [...handlers]) {
    try {
      h(message);
    } catch {
      /* one listener's bug must not silence the others */
    }
  }
}

function remember(e: MessageEvent) {
  if (e.lastEventId) lastEventId = e.lastEventId;
}

function connect() {
  if (source || typeof EventSource === "undefined") return;
  clearTimeout(retryTimer);
  const url = lastEventId ? `${EVENTS_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : EVENTS_URL;
  const es = new EventSource(url);
  source = es;
  for (const type of LIVE_EVENT_TYPES) {
    es.addEventListener(type, (e) => {
      remember(e);
      let event: LiveEvent | null;
      try {
        event = readLiveEvent(type, JSON.parse(e.data));
      } catch {
        return;
      }
      if (event) dispatch(event);
    });
  }
  es.addEventListener("stale", () => dispatch({ type: "stale" }));
  es.addEventListener(NOTIFICATIONS_EVENT, (e) => {
    try {
      const unread = readUnreadCount(JSON.parse(e.data));
      if (unread !== null) dispatch({ type: "notifications", unread });
    } catch {
      /* not ours */
    }
  });
  es.addEventListener("ready", (e) => {
    remember(e);
    retryMs = RETRY_MIN_MS;
    dispatch({ type: "ready" });
  });
  es.onerror = () => {
    // CONNECTING: the browser is already retrying. CLOSED: it gave up, so we retry ourselves.
    if (es.readyState !== EventSource.CLOSED) return;
    es.close();
    if (source === es) source = null;
    if (handlers.size === 0) return;
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };
}

function disconnectWhenIdle() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (handlers.size > 0) return;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
  }, IDLE_CLOSE_MS);
}

/** Calls `handler` for every live event while the component is mounted. */
export function useLiveEvents(handler: Handler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const h: Handler = (m) => latest.current(m);
    handlers.add(h);
    clearTimeout(idleTimer);
    connect();
    return () => {
      handlers.delete(h);
      disconnectWhenIdle();
    };
  }, []);
}
