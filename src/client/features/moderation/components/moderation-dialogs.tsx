import { useState, type FormEvent, type ReactNode } from "react";
import { HIDE_REASON_MAX, SUSPENSION_REASON_MAX } from "#shared/domain/moderation.ts";
import { MODERATION_MESSAGES } from "#shared/domain/moderation.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";

/** A dialog asking for a reason (hide, hide all): the reason is required, as the server says. */
/** What every moderation dialog takes: whether it is open, its words, the mutation's state. */
interface ActionDialogProps<T> {
  open: boolean;
  title: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: (value: T) => void;
  onClose: () => void;
}

/** The dialog's error and its two buttons. */
function DialogFooter({ error, busy, confirmLabel, onClose, onConfirm }: { error: string | null; busy: boolean; confirmLabel: string; onClose: () => void; onConfirm?: () => void }) {
  return (
    <>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="text" onClick={onClose} {...(onConfirm ? { "data-autofocus": true } : {})}>
          cancel
        </Button>
        <Button type={onConfirm ? "button" : "submit"} variant="danger" disabled={busy} onClick={onConfirm}>
          {busy ? "Working..." : confirmLabel}
        </Button>
      </div>
    </>
  );
}

export function ReasonDialog({ open, title, intro, confirmLabel, busy, error, onConfirm, onClose }: ActionDialogProps<string> & { intro?: ReactNode }) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        {intro && <div className="text-muted">{intro}</div>}
        <Field
          label="Reason (the writer sees it)"
          value={reason}
          maxLength={HIDE_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          error={missing && !reason.trim() ? MODERATION_MESSAGES.hideReasonRequired : undefined}
          data-autofocus
        />
        <DialogFooter error={error} busy={busy} confirmLabel={confirmLabel} onClose={onClose} />
      </form>
    </Dialog>
  );
}

/** Are you sure? For deleting a reported item (it cannot be undone). */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, error, onConfirm, onClose }: ActionDialogProps<void> & { children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className="flex flex-col gap-4">
        <div className="text-muted">{children}</div>
        <DialogFooter error={error} busy={busy} confirmLabel={confirmLabel} onClose={onClose} onConfirm={() => onConfirm()} />
      </div>
    </Dialog>
  );
}

/** Suspend until a date (the end of that day in the admin's zone) or indefinitely, with a reason. */
export function SuspendDialog({ open, name, busy, error, onConfirm, onClose }: Omit<ActionDialogProps<{ until: string | null; reason: string }>, "title" | "confirmLabel"> & { name: string }) {
  const [until, setUntil] = useState("");
  const [indefinite, setIndefinite] = useState(false);
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!reason.trim() || (!indefinite && !until)) return;
    onConfirm({ until: indefinite ? null : new Date(`${until}T23:59:59`).toISOString(), reason: reason.trim() });
  };
  return (
    <Dialog open={open} onClose={onClose} title={`Suspend ${name}`}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-muted">No publishing, commenting, liking or reporting. Saving privately and reading stay open.</p>
        <Field label="Until" type="date" value={until} disabled={indefinite} onChange={(e) => setUntil(e.target.value)} error={tried && !indefinite && !until ? "Choose a date, or indefinitely" : undefined} data-autofocus />
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" checked={indefinite} onChange={(e) => setIndefinite(e.target.checked)} />
          Indefinitely (until an admin lifts it)
        </label>
        <Field
          label="Reason (the writer sees it)"
          value={reason}
          maxLength={SUSPENSION_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          error={tried && !reason.trim() ? MODERATION_MESSAGES.suspensionReasonRequired : undefined}
        />
        <DialogFooter error={error} busy={busy} confirmLabel="Suspend" onClose={onClose} />
      </form>
    </Dialog>
  );
}
