import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { COMMUNITY_PROMPT_PREVIEW_MAX, PODIUM_COLLAPSED_PX, PODIUM_NOTICE_MS, PODIUM_READ_MORE_CHARS } from "#shared/constants.ts";
import { formatDateAtTime } from "#shared/domain/format.ts";
import { markupToPlainText } from "#shared/domain/markup.ts";
import { pieceName } from "#shared/domain/piece-name.ts";
import type { AdminPodiumPick } from "#shared/schemas/admin.ts";
import { paths } from "#client/config/paths.ts";
import { Button, LinkButton } from "#client/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { useAdminPodium } from "../api/get-admin-podium.ts";
import { useFeaturedToggle } from "../lib/use-featured-toggle.ts";
import { useTimedNotice } from "../lib/use-timed-notice.ts";
import { AdminHeader } from "./admin-header.tsx";
import { PickBadge } from "./badges.tsx";
import { DeletePieceButton, type DeletablePiece } from "./delete-piece-button.tsx";
import { ExpandableText } from "./expandable-text.tsx";
import { NoticeBanner } from "./notice-banner.tsx";

const LOAD_ERROR = "Error loading featured submissions";

/** Podium notices: gone after 3 s; any that speak of an error or a failure look like one. */
function usePodiumNotice() {
  const { notice, show } = useTimedNotice(PODIUM_NOTICE_MS);
  const report = (message: string) => show(message, /Error|Failed/.test(message) ? "error" : "success");
  return { notice, report };
}

/** /admin/podium: the current Editor's Picks, each readable, removable from the picks, and deletable. */
export function PodiumManager({ onDeletePiece }: { onDeletePiece?: (piece: DeletablePiece) => void }) {
  const query = useAdminPodium();
  const { notice, report } = usePodiumNotice();
  const { toggle, busy } = useFeaturedToggle((message) => report(message));

  useEffect(() => {
    if (query.isError) report(LOAD_ERROR);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure
  }, [query.isError, query.errorUpdatedAt]);

  const total = query.data?.total ?? 0;
  return (
    <>
      <AdminHeader
        title="Editor's Picks"
        subtitle={query.data ? `${total} featured ${total === 1 ? "submission" : "submissions"}` : "The pieces on the podium."}
      >
        <LinkButton to={paths.adminPrompts.href()} variant="secondary">
          Feature More Submissions
        </LinkButton>
        <LinkButton to={paths.podium.href()} variant="ghost">
          View Public Podium
        </LinkButton>
      </AdminHeader>
      <NoticeBanner notice={notice} className="mb-6" />
      {query.isPending ? (
        <LoadingState label="Loading Editor's Picks..." />
      ) : query.isError ? (
        <ErrorState
          message={LOAD_ERROR}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.picks.length === 0 ? (
        <EmptyState
          title="No Editor's Picks yet"
          action={
            <Link to={paths.adminPrompts.href()} className="text-accent underline underline-offset-4">
              Browse the prompts to feature a piece
            </Link>
          }
        >
          Star a piece on the prompts page and it will appear here and on the public podium.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-4">
          {query.data.picks.map((pick) => (
            <li key={pick.id}>
              <PodiumItem
                pick={pick}
                busy={busy.has(pick.id)}
                onRemove={() => toggle(pick.id, true)}
                onDelete={onDeletePiece && (() => onDeletePiece({ id: pick.id, title: pieceName(pick.title, pick.prompt) }))}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PodiumItem({ pick, busy, onRemove, onDelete }: { pick: AdminPodiumPick; busy: boolean; onRemove: () => void; onDelete?: () => void }) {
  const [reading, setReading] = useState(false);
  const bodyId = useId();
  const title = pieceName(pick.title, pick.prompt, { promptMax: COMMUNITY_PROMPT_PREVIEW_MAX });
  return (
    <article className="rounded-xl border border-line bg-card p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 className="font-serif text-xl leading-snug [overflow-wrap:anywhere]">
            <Link to={paths.submission.href(pick.id)} className="hover:text-accent hover:underline">
              {title}
            </Link>
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 text-ink [overflow-wrap:anywhere]">{pick.authorLabel}</span>
            <PickBadge />
          </p>
          <p className="mt-1 text-sm text-muted">
            <time dateTime={pick.createdAt}>{formatDateAtTime(pick.createdAt)}</time>
          </p>
          <p className="mt-2 line-clamp-2 text-sm text-muted [overflow-wrap:anywhere]">
            Prompt: {pick.prompt.kind === "freewrite" ? "Freewrite" : markupToPlainText(pick.prompt.text, "prompt")}
          </p>
        </div>
        <div className="-ml-3 flex gap-1 sm:ml-0 sm:shrink-0">
          <Button variant="ghost" aria-expanded={reading} aria-controls={bodyId} onClick={() => setReading((r) => !r)}>
            {reading ? "Hide" : "Read"}
            <span className="sr-only"> {title}</span>
          </Button>
          <Button variant="secondary" onClick={onRemove} disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Removing..." : "Remove"}
            <span className="sr-only"> {title} from Editor's Picks</span>
          </Button>
          {onDelete && <DeletePieceButton onClick={onDelete} />}
        </div>
      </div>
      <div id={bodyId} hidden={!reading} className="mt-4 border-t border-line pt-4">
        {reading && <ExpandableText text={pick.content} threshold={PODIUM_READ_MORE_CHARS} collapsedPx={PODIUM_COLLAPSED_PX} moreLabel="Read more..." />}
      </div>
    </article>
  );
}
