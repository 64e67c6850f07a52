import { useId, useState } from "react";
import { COMMUNITY_PROMPT_PREVIEW_MAX, READ_MORE_CHARS, READ_MORE_COLLAPSED_PX } from "#shared/constants.ts";
import { formatDateTime } from "#shared/domain/format.ts";
import { pieceName, type NamingPrompt } from "#shared/domain/piece-name.ts";
import type { AdminSubmission } from "#shared/schemas/admin.ts";
import { PickBadge, StarIcon } from "./badges.tsx";
import { DeletePieceButton } from "./delete-piece-button.tsx";
import { ExpandableText } from "./expandable-text.tsx";

/** One public piece under a prompt: who signed it, when, its words, the Editor's Pick star and delete. */
export function SubmissionItem({
  submission,
  prompt,
  busy,
  onToggleFeatured,
  onDelete,
}: {
  submission: AdminSubmission;
  /** The prompt it answers: an untitled piece goes by it. */
  prompt: NamingPrompt;
  busy: boolean;
  onToggleFeatured: () => void;
  onDelete?: () => void;
}) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const starLabel = submission.isFeatured ? "Remove from Editor's Picks" : "Add to Editor's Picks";
  return (
    <article className="rounded-xl border border-line bg-card p-4 sm:p-5">
      <header className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="font-serif text-lg leading-snug [overflow-wrap:anywhere]">{pieceName(submission.title, prompt, { promptMax: COMMUNITY_PROMPT_PREVIEW_MAX })}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 text-ink [overflow-wrap:anywhere]">{submission.authorLabel}</span>
            {submission.isFeatured && <PickBadge />}
          </p>
          <p className="mt-0.5 text-sm text-muted">
            <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {submission.wordCount} words
          </p>
        </div>
        <button
          type="button"
          title={starLabel}
          aria-label={starLabel}
          aria-pressed={submission.isFeatured}
          aria-busy={busy || undefined}
          onClick={onToggleFeatured}
          className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-md hover:bg-accent-soft ${submission.isFeatured ? "text-accent" : "text-muted hover:text-accent"} ${busy ? "opacity-60" : ""}`}
        >
          <StarIcon filled={submission.isFeatured} />
        </button>
        {onDelete && <DeletePieceButton onClick={onDelete} />}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={open ? "Collapse piece" : "Expand piece"}
          title={open ? "Collapse" : "Expand"}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-muted hover:bg-accent-soft hover:text-ink"
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" className={open ? "rotate-180" : ""}>
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </header>
      <div id={bodyId} hidden={!open} className="mt-3">
        <ExpandableText text={submission.content} threshold={READ_MORE_CHARS} collapsedPx={READ_MORE_COLLAPSED_PX} />
      </div>
    </article>
  );
}
