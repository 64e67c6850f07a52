import { Link } from "react-router";
import { paths } from "#client/config/paths.ts";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useMyCircles } from "../api/get-my-circles.ts";
import { membersLabel, newPiecesLabel, ROLE_LABELS } from "../lib/circle-rules.ts";
import { AccentSwatch } from "./accent.tsx";

/** The circles I am in: name, colour, size, my role, and what is new since I last opened each. */
export function MyCirclesList() {
  const circles = useMyCircles();
  if (circles.isPending) return <LoadingState label="Loading your circles..." />;
  if (circles.isError) return <ErrorState message={errorMessage(circles.error)} onRetry={() => void circles.refetch()} />;
  const list = circles.data.circles;
  if (list.length === 0) {
    return (
      <EmptyState title="No circles yet">
        You are not in any circle yet. Create one below, or open an invite link a friend sent you.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Your circles" className="flex flex-col gap-3">
      {list.map((c) => {
        const fresh = newPiecesLabel(c.newPieces, c.newPiecesCapped);
        return (
          <li key={c.id}>
            <article className="relative flex items-center gap-4 rounded-xl border border-line bg-card px-5 py-4 hover:border-accent/50 has-[a:focus-visible]:border-accent">
              <AccentSwatch accent={c.accent} className="size-5" />
              <div className="min-w-0 flex-1">
                <h2 className="truncate font-serif text-xl leading-snug">
                  <Link to={paths.circle.href(c.slug)} className="rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-accent">
                    {c.name}
                  </Link>
                </h2>
                <p className="text-sm text-muted">
                  {membersLabel(c.memberCount)} · {c.myRole ? ROLE_LABELS[c.myRole] : "Site admin"}
                </p>
              </div>
              {fresh && <span className="shrink-0 rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-ink">{fresh}</span>}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
