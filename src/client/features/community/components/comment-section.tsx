import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { COMMENT_MAX_LENGTH, COMMENTS_LIMIT } from "#shared/constants.ts";
import { relativeTime } from "#shared/domain/format.ts";
import { COMMUNITY_MESSAGES } from "#shared/domain/community.ts";
import type { PieceComment } from "#shared/schemas/community.ts";
import { MODERATION_MESSAGES } from "#shared/domain/moderation.ts";

const MODERATION_HIDDEN_LABEL = MODERATION_MESSAGES.hiddenByModerators;
import { PIECE_CONTROL_MESSAGES } from "#shared/domain/piece-controls.ts";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { ErrorState, FormMessage } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useAddComment } from "../api/add-comment.ts";
import { BlockWriterButton } from "./block-writer-button.tsx";
import { useComments } from "../api/get-comments.ts";
import { useDeleteComment } from "../api/delete-comment.ts";
import { commentsLabel } from "../lib/labels.ts";
import { useNow } from "../lib/use-now.ts";

function CommentForm({ pieceId }: { pieceId: string }) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = useAddComment(pieceId);
  const trimmed = text.trim();
  const tooLong = trimmed.length > COMMENT_MAX_LENGTH;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || tooLong || add.isPending) return;
    setError(null);
    add.mutate(trimmed, {
      // Only a saved comment clears the box: on failure the text stays where it was.
      onSuccess: () => setText(""),
      onError: (err) => setError(errorMessage(err)),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <label htmlFor={id} className="sr-only">
        Your comment
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="What are your thoughts?"
        rows={3}
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong || error ? `${id}-msg` : undefined}
        className="w-full resize-y rounded-lg border border-line bg-card px-4 py-3 font-serif text-base leading-relaxed text-ink placeholder:text-muted focus:border-accent"
      />
      <div className="flex items-center justify-between gap-3">
        <div id={`${id}-msg`} className="min-w-0 flex-1">
          {tooLong && <FormMessage tone="error">{COMMUNITY_MESSAGES.commentTooLong}</FormMessage>}
          {!tooLong && error && <FormMessage tone="error">{error}</FormMessage>}
        </div>
        <Button type="submit" variant="text" disabled={!trimmed || tooLong || add.isPending} className="normal-case">
          {add.isPending ? "Commenting..." : "Comment"}
        </Button>
      </div>
    </form>
  );
}

/** A report action beside a piece or a comment others wrote (the route brings it: issue 13). */
export type RenderReport = (kind: "piece" | "comment", id: string, label: string) => ReactNode;

function CommentItem({ comment, now, onDelete, renderReport, canBlock }: { comment: PieceComment; now: Date; onDelete: () => void; renderReport?: RenderReport | undefined; canBlock: boolean }) {
  return (
    <li className="border-t border-line py-4 first:border-t-0">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-ink">
          {comment.authorLabel}
          {comment.byWriter && <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-normal text-accent">writer</span>}
          {comment.mine && <span className="ml-1.5 font-normal text-muted">(you)</span>}
        </span>
        <span className="flex items-center gap-1 text-muted">
          <time dateTime={comment.createdAt} suppressHydrationWarning>
            {relativeTime(comment.createdAt, now)}
          </time>
          {comment.canDelete && (
            <button type="button" onClick={onDelete} className="inline-flex min-h-11 items-center rounded-md px-2 text-sm lowercase text-muted hover:text-danger">
              delete<span className="sr-only"> comment by {comment.authorLabel}</span>
            </button>
          )}
          {renderReport && !comment.mine && !comment.hiddenReason && renderReport("comment", comment.id, `comment by ${comment.authorLabel}`)}
          {canBlock && !comment.mine && <BlockWriterButton target={{ commentId: comment.id }} label={comment.authorLabel} />}
        </span>
      </div>
      {comment.hiddenReason != null && (
        <p className="mt-1 text-sm text-danger">
          {MODERATION_HIDDEN_LABEL}
          {comment.hiddenReason && `: ${comment.hiddenReason}`}
        </p>
      )}
      <Markup text={comment.content} className="mt-1 font-serif leading-relaxed text-ink" />
    </li>
  );
}

/** "{n} Comments", the newest COMMENTS_LIMIT oldest first, and the box for signed-in writers. */
export function CommentSection({
  pieceId,
  fallbackCount,
  signedIn,
  next,
  renderReport,
  commentsOff: offOnPiece = false,
}: {
  pieceId: string;
  fallbackCount: number;
  signedIn: boolean;
  next: string;
  renderReport?: RenderReport | undefined;
  /** The writer turned comments off (issue 13 item 6): the list's own answer wins once it is read. */
  commentsOff?: boolean;
}) {
  const headingId = useId();
  const comments = useComments(pieceId);
  const remove = useDeleteComment(pieceId);
  const toast = useToast();
  const now = useNow();
  const [confirming, setConfirming] = useState<PieceComment | null>(null);
  const count = comments.data?.commentCount ?? fallbackCount;
  const commentsOff = comments.data?.commentsOff ?? offOnPiece;

  const confirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => setConfirming(null),
      onError: (err) => {
        setConfirming(null);
        toast.error(errorMessage(err));
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="mt-12 border-t border-line pt-8">
      <h2 id={headingId} className="font-serif text-2xl">
        {commentsOff ? "Comments" : commentsLabel(count)}
      </h2>
      {commentsOff ? (
        <p className="mt-5 text-muted">{PIECE_CONTROL_MESSAGES.commentsOffNotice}</p>
      ) : (
        <>
      <div className="mt-5">
        {signedIn ? (
          <CommentForm pieceId={pieceId} />
        ) : (
          <p className="text-sm text-muted">
            <Link to={paths.signin.href(next)} className="text-accent underline underline-offset-4">
              Sign in
            </Link>{" "}
            to share your thoughts.
          </p>
        )}
      </div>
      <div className="mt-6">
        {comments.isPending ? (
          <p role="status" className="text-muted">
            Loading...
          </p>
        ) : comments.isError ? (
          <ErrorState title="Comments could not be loaded" message={errorMessage(comments.error)} onRetry={() => void comments.refetch()} />
        ) : comments.data.comments.length === 0 ? (
          <p className="text-muted">No comments yet</p>
        ) : (
          <>
            {comments.data.hasOlder && <p className="mb-2 text-sm text-muted">Showing the latest {COMMENTS_LIMIT} comments</p>}
            <ol aria-label="Comments">
              {comments.data.comments.map((c) => (
                <CommentItem key={c.id} comment={c} now={now} onDelete={() => setConfirming(c)} renderReport={renderReport} canBlock={signedIn} />
              ))}
            </ol>
          </>
        )}
      </div>
        </>
      )}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title="Delete this comment?">
        <p className="text-muted">It will be gone for everyone. This cannot be undone.</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="text" onClick={() => setConfirming(null)}>
            cancel
          </Button>
          <Button variant="danger" onClick={confirmDelete} disabled={remove.isPending}>
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
