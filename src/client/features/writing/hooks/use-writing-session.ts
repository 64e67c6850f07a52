import { useCallback, useEffect, useRef, useState } from "react";
import { startWritingSession } from "../api/start-writing-session.ts";
import { readStoredSession, writeStoredSession, type DraftScope, type Owner, type StoredSession } from "../lib/storage.ts";

const START_ATTEMPTS = 4;
const START_BACKOFF_MS = 1000;

/**
 * The server's writing session for this page. Kept in sessionStorage so a reload or the
 * signed-out detour through sign-up keeps the minutes already written; `renew()` starts a new
 * one after a save or publish (the next piece needs its own time). Stamped with its `owner`:
 * a visitor's session carries over when they sign in, another writer's is never used.
 */
export function useWritingSession(page: DraftScope, owner: Owner) {
  const ownerRef = useRef(owner);
  const [session, setSession] = useState<StoredSession | null>(() => readStoredSession(page, owner));
  const [failed, setFailed] = useState(false);
  const starting = useRef<Promise<StoredSession | null> | null>(null);

  const start = useCallback((): Promise<StoredSession | null> => {
    if (starting.current) return starting.current;
    const run = (async () => {
      let delay = START_BACKOFF_MS;
      for (let attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
        try {
          const res = await startWritingSession();
          // The countdown runs on this browser's clock from the moment the server answered,
          // which is never earlier than the server's own start: the timer cannot end early.
          const next: StoredSession = { token: res.token, startedAtLocal: Date.now(), minSeconds: res.minSeconds, exempt: res.exempt, owner: ownerRef.current };
          writeStoredSession(page, next);
          setSession(next);
          setFailed(false);
          return next;
        } catch {
          if (attempt < START_ATTEMPTS) await new Promise((r) => setTimeout(r, delay));
          delay *= 2;
        }
      }
      setFailed(true);
      return null;
    })();
    starting.current = run;
    void run.finally(() => {
      starting.current = null;
    });
    return run;
  }, [page]);

  useEffect(() => {
    const stored = readStoredSession(page, ownerRef.current);
    if (!stored) void start();
    // A visitor's minutes, kept through sign-up, now belong to the writer.
    else if (stored.owner !== ownerRef.current) writeStoredSession(page, { ...stored, owner: ownerRef.current });
  }, [page, start]);

  // A page opened offline starts its session at the first moment online (decision 013): the
  // minutes that count are the server's, from then.
  useEffect(() => {
    const onOnline = () => {
      if (!readStoredSession(page, ownerRef.current)) void start();
    };
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [page, start]);

  /** The current session, starting one if there is none yet. */
  const ensure = useCallback(async () => session ?? (await start()), [session, start]);

  const renew = useCallback(() => {
    writeStoredSession(page, null);
    setSession(null);
    return start();
  }, [page, start]);

  // Someone else is writing here now: a visitor's minutes become the new writer's; another
  // writer's session is dropped and a new one starts.
  useEffect(() => {
    if (ownerRef.current === owner) return;
    ownerRef.current = owner;
    const stored = readStoredSession(page, owner);
    if (stored) {
      const next = { ...stored, owner };
      writeStoredSession(page, next);
      setSession(next);
    } else {
      void renew();
    }
  }, [owner, page, renew]);

  return { session, failed, ensure, renew };
}
