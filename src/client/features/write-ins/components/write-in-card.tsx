import { Link } from "react-router";
import type { WriteInSummary } from "#shared/schemas/write-ins.ts";
import { paths } from "#client/config/paths.ts";
import { COMMUNITY_NAME } from "../api/get-schedulable-circles.ts";
import { formatWriteInStart, minutesLabel } from "../lib/write-in-time.ts";
import { countLabel } from "../lib/write-in-words.ts";
import { RsvpControl } from "./rsvp-control.tsx";
import { StateBadge } from "./state-badge.tsx";

/** One write-in in a list: its title (to its page), whose it is, when (in my zone), how long, who is coming. */
export function WriteInCard({ writeIn: w }: { writeIn: WriteInSummary }) {
  return (
    <article className="rounded-xl border border-line bg-card px-5 py-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <StateBadge state={w.state} />
        <span>{w.circle?.name ?? COMMUNITY_NAME}</span>
      </div>
      <h3 className="mt-2 font-serif text-xl leading-snug">
        <Link to={paths.writeIn.href(w.id)} className="rounded-sm hover:text-accent">
          {w.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-ink">
        <time dateTime={w.startsAt}>{formatWriteInStart(w.startsAt)}</time> · {minutesLabel(w.lengthMinutes)}
        {w.repeat === "weekly" ? " · weekly" : ""}
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <span className="text-sm text-muted">{countLabel(w)}</span>
        <RsvpControl writeIn={w} />
      </div>
    </article>
  );
}
