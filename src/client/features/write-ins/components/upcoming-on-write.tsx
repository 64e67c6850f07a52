import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { WriteInSummary } from "#shared/schemas/write-ins.ts";
import { paths } from "#client/config/paths.ts";
import { getNextWriteInsQueryOptions } from "../api/get-write-ins.ts";
import { UPCOMING_ON_WRITE_ASK, upcomingHref, upcomingOnWrite, upcomingWhen } from "../lib/upcoming.ts";

/** How often "Starts in 8 min" follows the clock (the words change; the notice's rows do not). */
export const UPCOMING_TICK_MS = 30_000;

/** The writer is in a text field: nothing may appear above what they are typing. */
const inTextField = () => {
  const el = document.activeElement;
  return el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement;
};

/**
 * /write's calm notice of write-ins coming up (issue 30 item 1), out of /write's first load (the
 * route loads it from the write-ins pages' chunk once the page renders): the next one or two a signed-in writer can join — the community's and their circles',
 * open or live now or starting within a week — each its title (to join it, or to its page), its
 * circle and when, and "All write-ins". It never moves the editor under a writer's hands: it is
 * decided once, when the list arrives, and shows nothing if the writer has typed or is in a text
 * field by then, or if there are none or the list cannot be read; once shown its rows stay for the
 * visit (only their words follow the clock). It takes no focus.
 */
export default function UpcomingOnWrite({ className = "" }: { className?: string }) {
  const qc = useQueryClient();
  const headingId = useId();
  const [items, setItems] = useState<WriteInSummary[]>([]);
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    let current = true;
    let typed = false;
    const onInput = () => {
      typed = true;
    };
    document.addEventListener("input", onInput, true);
    qc.fetchQuery(getNextWriteInsQueryOptions(UPCOMING_ON_WRITE_ASK)).then(
      (list) => {
        if (!current || typed || inTextField()) return;
        const at = Date.now();
        setNow(at);
        setItems(upcomingOnWrite(list.items, at));
      },
      () => undefined,
    );
    return () => {
      current = false;
      document.removeEventListener("input", onInput, true);
    };
  }, [qc]);

  const shown = items.length > 0;
  useEffect(() => {
    if (!shown) return;
    const timer = setInterval(() => setNow(Date.now()), UPCOMING_TICK_MS);
    return () => clearInterval(timer);
  }, [shown]);

  if (!shown) return null;
  return (
    <section aria-labelledby={headingId} data-focus-hide className={`rounded-lg border border-line bg-card px-4 py-3 text-sm ${className}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id={headingId} className="font-medium text-ink">
          Write-ins coming up
        </h2>
        <Link to={paths.writeIns.href()} className="rounded-sm text-muted underline underline-offset-4 hover:text-ink">
          All write-ins
        </Link>
      </div>
      <ul className="mt-1">
        {items.map((w) => (
          <li key={w.id} className="flex flex-wrap items-baseline gap-x-2 pt-1">
            <Link to={upcomingHref(w, now)} className="rounded-sm font-serif text-base text-ink underline decoration-line underline-offset-4 hover:text-accent">
              {w.title}
            </Link>
            {w.circle && <span className="text-muted">{w.circle.name}</span>}
            <time dateTime={w.startsAt} className="text-muted">
              {upcomingWhen(w, now)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}
