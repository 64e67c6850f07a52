import { useState, type FormEvent } from "react";
import { HIDE_REASON_MAX, MODERATION_MESSAGES } from "#shared/domain/moderation.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmActions } from "#client/components/ui/confirm-actions.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useHideCircleComment, useHideCirclePiece } from "../api/circle-moderation.ts";

const HIDE_WORDS = {
  piece: {
    title: "Hide this piece from the circle?",
    intro: "Members will no longer read it here; wherever else it was shared, it stays. Its writer is told, with your reason. You can show it again from Hidden pieces.",
    confirm: "Hide from circle",
    done: "Hidden from the circle",
  },
  comment: {
    title: "Hide this comment?",
    intro: "Members will no longer read it. Its writer sees your reason beside it. (Only comments on pieces shared with this circle alone can be hidden here.)",
    confirm: "Hide comment",
    done: "Comment hidden",
  },
} as const;

/**
 * A circle moderator's "Hide from circle" on a piece or a comment (issue 29 item 7): a dialog asks
 * for the reason the writer reads, required as the server says (the site moderators ask the same
 * way). `compact`: "hide" among the small actions beside report; otherwise a button of its own.
 * `label` says what is hidden, for screen readers.
 */
export function HideFromCircle({ slug, kind, id, label, compact = false, onHidden }: { slug: string; kind: "piece" | "comment"; id: string; label: string; compact?: boolean; onHidden?: () => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const hidePiece = useHideCirclePiece();
  const hideComment = useHideCircleComment();
  const hide = kind === "piece" ? hidePiece : hideComment;
  const toast = useToast();
  const words = HIDE_WORDS[kind];
  const close = () => {
    setOpen(false);
    setReason("");
    setMissing(false);
    hide.reset();
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!reason.trim()) return setMissing(true);
    hide.mutate(
      { slug, id, reason: reason.trim() },
      {
        onSuccess: () => {
          close();
          toast.success(words.done);
          onHidden?.();
        },
      },
    );
  };
  return (
    <>
      {compact ? (
        <button type="button" aria-label={`hide from circle: ${label}`} onClick={() => setOpen(true)} className="inline-flex min-h-11 items-center rounded-md px-2 text-sm lowercase text-muted hover:text-danger">
          hide
        </button>
      ) : (
        <Button variant="ghost" aria-label={`Hide from circle: ${label}`} onClick={() => setOpen(true)} className="text-sm">
          Hide from circle
        </Button>
      )}
      <Dialog open={open} onClose={close} title={words.title}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-muted">{words.intro}</p>
          <Field
            label="Reason (the writer sees it)"
            value={reason}
            maxLength={HIDE_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            error={missing && !reason.trim() ? MODERATION_MESSAGES.hideReasonRequired : undefined}
            data-autofocus
          />
          {hide.isError && <FormMessage tone="error">{errorMessage(hide.error)}</FormMessage>}
        </form>
        <ConfirmActions onCancel={close} onConfirm={() => submit()} busy={hide.isPending} label={words.confirm} busyLabel="Hiding..." />
      </Dialog>
    </>
  );
}
