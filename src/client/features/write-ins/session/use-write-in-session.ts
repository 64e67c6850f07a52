import { useMutation } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { WRITE_IN_COUNT_EVERY_MS, WRITE_IN_COUNT_MIN_GAP_MS } from "#shared/constants.ts";
import type { Signature } from "#shared/domain/author.ts";
import type { JoinedWriteIn } from "#shared/schemas/write-ins.ts";
import { ApiError } from "#client/lib/api-client.ts";
import { joinWriteIn, leaveWriteIn, sendCount } from "./api.ts";
import type { ServerClock } from "./server-clock.ts";

/** With no new words, a count still goes this often: the panel keeps the writer as writing. */
export const COUNT_HEARTBEAT_MS = 15_000;
const TICK_MS = 1_000;

/** What this tab keeps of its seat (sessionStorage): a reload rejoins with it, or, after the end, still saves with its token. */
interface Kept {
  joined: JoinedWriteIn;
  leftEarly: boolean;
}
const keptKey = (id: string) => `inkwell.write-in.${id}`;
function readKept(id: string): Kept | null {
  try {
    const raw = window.sessionStorage.getItem(keptKey(id));
    return raw ? (JSON.parse(raw) as Kept) : null;
  } catch {
    return null;
  }
}
function writeKept(id: string, kept: Kept): void {
  try {
    window.sessionStorage.setItem(keptKey(id), JSON.stringify(kept));
  } catch {
    // Private modes: a reload then rejoins from the server's word (`joinedByMe`).
  }
}

interface Options {
  id: string;
  clock: ServerClock;
  /** The words on this device now (counted from the local draft: the text never leaves it). */
  readWords: () => number;
  /** Past the end (by the server's clock): one last count, then none. */
  ended: boolean;
  /** The write-in and the server's clock are known: whether to rejoin can be decided. */
  ready: boolean;
  /** The server says this writer joined already (a reload, another tab): rejoin on opening, while it runs. */
  rejoinOnOpen: boolean;
}

/**
 * This writer's seat in a write-in (issue 30 item 2): joining (again after a reload or a dropped
 * connection: the same seat and the stored count), the counts (every WRITE_IN_COUNT_EVERY_MS while
 * they change, a heartbeat otherwise, at once on rejoining, once at the end), and leaving.
 */
export function useWriteInSession({ id, clock, readWords, ended, ready, rejoinOnOpen }: Options) {
  const [kept, setKept] = useState<Kept | null>(() => readKept(id));
  const keep = (next: Kept) => {
    writeKept(id, next);
    setKept(next);
  };
  const join = useMutation({
    mutationFn: (signature?: Signature) => joinWriteIn(id, signature),
    onSuccess: (joined) => {
      clock.check(joined.now);
      keep({ joined, leftEarly: false });
    },
  });
  const leave = useMutation({
    mutationFn: () => leaveWriteIn(id, readWords()),
    onSuccess: () => kept && keep({ ...kept, leftEarly: true }),
  });

  // Opened again (a reload, a new tab) while it runs: take the seat back.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !ready) return;
    opened.current = true;
    if (ended) return;
    if ((kept && !kept.leftEarly) || (!kept && rejoinOnOpen)) join.mutate(undefined);
  }, [ready, ended, kept, rejoinOnOpen, join]);

  const wordsNow = useEffectEvent(readWords);
  const seated = kept !== null && !kept.leftEarly && !join.isPending;
  const token = kept?.joined.writingSession.token;

  useEffect(() => {
    if (!seated) return;
    let last = { words: -1, at: -Infinity };
    let over = false;
    const send = async (words: number, retry: boolean) => {
      last = { words, at: performance.now() };
      try {
        const answer = await sendCount(id, words);
        clock.check(answer.now);
        // What the server kept (0 before the writer's start, or held to a writing pace): when it is
        // not the page's count, the next tick sends again instead of waiting for the heartbeat.
        last = { ...last, words: answer.words };
      } catch (err) {
        if (err instanceof ApiError && err.code === "write_in_over") over = true;
        // One count every 2 s at most: the last one is worth sending again once the gap has passed.
        else if (retry && err instanceof ApiError && err.code === "count_too_soon") window.setTimeout(() => void send(wordsNow(), false), WRITE_IN_COUNT_MIN_GAP_MS + 200);
      }
    };
    if (ended) {
      void send(wordsNow(), true);
      return;
    }
    const tick = () => {
      if (over) return;
      const words = wordsNow();
      const since = performance.now() - last.at;
      if ((words !== last.words && since >= WRITE_IN_COUNT_EVERY_MS) || since >= COUNT_HEARTBEAT_MS) void send(words, false);
    };
    tick();
    const timer = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(timer);
  }, [seated, ended, id, clock, token]);

  return {
    joined: kept?.joined ?? null,
    leftEarly: kept?.leftEarly ?? false,
    join,
    leave,
  };
}
