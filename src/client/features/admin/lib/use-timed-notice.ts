import { useCallback, useEffect, useRef, useState } from "react";

export type NoticeTone = "success" | "error" | "info";
export interface Notice {
  id: number;
  message: string;
  tone: NoticeTone;
}

/**
 * A message that disappears after `ms` (admin notices 4 s, podium 3 s; null keeps it until the
 * next one). A newer message replaces the older one and restarts the clock.
 */
export function useTimedNotice(ms: number | null) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const seq = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback(
    (message: string, tone: NoticeTone = "info") => {
      window.clearTimeout(timer.current);
      seq.current += 1;
      const id = seq.current;
      setNotice({ id, message, tone });
      if (ms !== null) timer.current = window.setTimeout(() => setNotice((n) => (n?.id === id ? null : n)), ms);
    },
    [ms],
  );
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setNotice(null);
  }, []);
  return { notice, show, clear };
}
