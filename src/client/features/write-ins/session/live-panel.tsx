import { useEffect, useState } from "react";
import type { WriteInPanel } from "#shared/schemas/write-ins.ts";

/** The polite summary for screen readers changes at most this often (the counts change every few seconds). */
export const SUMMARY_EVERY_MS = 60_000;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

export const panelSummary = (p: Pick<WriteInPanel, "writing" | "totalWords">) => `${p.writing} writing, ${plural(p.totalWords, "word")} in all`;

/**
 * The live panel (issue 30 item 2): how many write, the total, and the label and count of those who
 * show their name in this write-in; the anonymous ones counted, not named. Counts only, never text.
 * The list is not a live region: a polite summary says how it stands at most once a minute.
 */
export function LivePanel({ panel, loading, mySeat }: { panel: WriteInPanel | undefined; loading: boolean; mySeat: number | null }) {
  const [summary, setSummary] = useState<string | null>(null);
  const current = panel ? panelSummary(panel) : null;
  useEffect(() => {
    if (current === null) return;
    setSummary((s) => s ?? current);
    const timer = window.setTimeout(() => setSummary(current), SUMMARY_EVERY_MS);
    return () => window.clearTimeout(timer);
  }, [current === null, summary]); // eslint-disable-line react-hooks/exhaustive-deps -- once a minute, not per change

  return (
    <section aria-labelledby="write-in-panel-heading" className="rounded-lg border border-line bg-card p-4">
      <h2 id="write-in-panel-heading" className="font-sans text-xs font-medium uppercase tracking-[0.2em] text-muted">
        Writing together
      </h2>
      <p role="status" className="sr-only">
        {summary}
      </p>
      {!panel ? (
        <p className="mt-3 text-sm text-muted">{loading ? "Loading who is writing..." : "Who is writing could not be loaded. It will try again."}</p>
      ) : (
        <>
          <p className="mt-3 flex flex-wrap items-baseline gap-x-3 font-sans text-ink">
            <span className="text-2xl font-semibold tabular-nums">{panel.writing} writing</span>
            <span className="text-sm tabular-nums text-muted">{plural(panel.totalWords, "word")} in all</span>
          </p>
          {panel.named.length > 0 && (
            <ul aria-label="Writers who show their name" className="mt-3 flex flex-col divide-y divide-line">
              {panel.named.map((w) => (
                <li key={w.seat} className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
                  <span className={`min-w-0 truncate ${w.writing ? "text-ink" : "text-muted"}`}>
                    {w.label}
                    {w.seat === mySeat && <span className="text-muted"> (you)</span>}
                    {!w.writing && <span className="text-muted"> (away)</span>}
                  </span>
                  <span className="shrink-0 tabular-nums text-muted">{plural(w.words, "word")}</span>
                </li>
              ))}
            </ul>
          )}
          {panel.anonymous > 0 && <p className="mt-2 text-sm text-muted">{panel.anonymous} writing anonymously</p>}
        </>
      )}
    </section>
  );
}
