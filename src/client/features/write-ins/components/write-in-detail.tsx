import { Link, useLocation } from "react-router";
import { WRITE_IN_MESSAGES as M, type WriteInPromptMode } from "#shared/domain/write-ins.ts";
import type { WriteInDetail as Detail } from "#shared/schemas/write-ins.ts";
import { paths } from "#client/config/paths.ts";
import { LinkButton } from "#client/components/ui/button.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { ApiError, errorMessage } from "#client/lib/api-client.ts";
import { useMe } from "#client/lib/get-me.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { COMMUNITY_NAME } from "../api/get-schedulable-circles.ts";
import { useWriteIn, writeInCalendarUrl } from "../api/get-write-in.ts";
import { formatWriteInStart, formatWriteInTime, minutesLabel } from "../lib/write-in-time.ts";
import { canCancel, canJoin, countLabel } from "../lib/write-in-words.ts";
import { CancelWriteIn } from "./cancel-write-in.tsx";
import { RsvpControl } from "./rsvp-control.tsx";
import { StateBadge } from "./state-badge.tsx";
import { WriteInResults } from "./write-in-results.tsx";

const PROMPT_NAMES: Record<WriteInPromptMode, string> = { site: "the site's prompt", circle: "the circle's prompt", own: "its own prompt" };

/** /write-ins/:id: one write-in (its own prompt's words when it brings one), what I can do with it now, and once it has started its results. */
export function WriteInDetail({ id }: { id: string }) {
  const detail = useWriteIn(id);
  useDocumentTitle(detail.data?.writeIn.title ?? (detail.isError ? M.notFound : "Write-in"));
  if (detail.isPending) return <LoadingState label="Loading the write-in..." />;
  if (detail.isLoadingError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <ErrorState
        title={missing ? M.notFound : undefined}
        message={missing ? "It may have been removed, or it belongs to a circle you are not in." : errorMessage(detail.error)}
        onRetry={missing ? undefined : () => void detail.refetch()}
        action={
          <LinkButton to={paths.writeIns.href()} variant={missing ? "primary" : "secondary"}>
            All write-ins
          </LinkButton>
        }
      />
    );
  }
  const w = detail.data.writeIn;
  const started = w.state === "live" || w.state === "ended";
  return (
    <article>
      <p className="mb-4">
        <Link to={paths.writeIns.href()} className="text-sm text-muted underline-offset-4 hover:text-ink hover:underline">
          ← All write-ins
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <StateBadge state={w.state} />
        {w.circle ? (
          <Link to={paths.circle.href(w.circle.slug)} className="underline-offset-4 hover:text-ink hover:underline">
            {w.circle.name}
          </Link>
        ) : (
          <span>{COMMUNITY_NAME}</span>
        )}
      </div>
      <h1 className="mt-3 font-serif text-4xl tracking-tight break-words">{w.title}</h1>
      <p className="mt-3 text-lg">
        <time dateTime={w.startsAt}>{formatWriteInStart(w.startsAt)}</time> to <time dateTime={w.endsAt}>{formatWriteInTime(w.endsAt)}</time>
      </p>
      <p className="mt-1 text-muted">
        {minutesLabel(w.lengthMinutes)}
        {w.repeat === "weekly" ? " · repeats weekly" : ""} · {PROMPT_NAMES[w.promptMode]}
      </p>
      {w.promptText !== null && (
        <div className="mt-4 border-l-2 border-line pl-4">
          <p className="text-sm font-medium text-muted">Prompt:</p>
          <Markup text={w.promptText} mode="prompt" className="mt-1 font-serif text-lg leading-snug [overflow-wrap:anywhere]" />
        </div>
      )}
      {w.state === "canceled" ? (
        <p role="status" className="mt-6 rounded-md border border-danger/40 bg-card px-4 py-3 text-danger">
          {M.canceled}
        </p>
      ) : (
        <>
          <p className="mt-6 text-muted">{countLabel(w)}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <RsvpControl writeIn={w} />
            <JoinAction detail={detail.data} />
          </div>
          {w.state !== "ended" && (
            <p className="mt-4">
              <a href={writeInCalendarUrl(w.id)} download className="text-sm underline underline-offset-4 hover:text-accent">
                Add to calendar (.ics)
              </a>
            </p>
          )}
          {canCancel(w) && (
            <div className="mt-8 border-t border-line pt-4">
              <CancelWriteIn writeIn={w} />
            </div>
          )}
        </>
      )}
      {started && <WriteInResults id={w.id} />}
    </article>
  );
}

/** Join (or Rejoin) from ten minutes before the start; a first join until half-time. */
function JoinAction({ detail }: { detail: Detail }) {
  const { data: me } = useMe();
  const location = useLocation();
  const w = detail.writeIn;
  if (w.state === "upcoming") return <p className="basis-full text-sm text-muted">Joining opens 10 minutes before the start.</p>;
  if (w.state === "ended") return null;
  if (!canJoin(w, detail.now)) return <p className="basis-full text-sm text-muted">{M.halfTime}</p>;
  if (!me) {
    return (
      <LinkButton to={paths.signin.href(location.pathname)} variant="primary">
        {M.signInToJoin}
      </LinkButton>
    );
  }
  return (
    <LinkButton to={paths.writeInSession.href(w.id)} variant="primary">
      {w.joinedByMe ? "Rejoin" : "Join"}
    </LinkButton>
  );
}
