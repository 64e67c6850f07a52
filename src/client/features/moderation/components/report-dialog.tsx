import { useId, useState, type FormEvent } from "react";
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportItemKind, type ReportReason } from "#shared/domain/moderation.ts";
import { MODERATION_MESSAGES } from "#shared/domain/moderation.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useReportItem } from "../api/report-item.ts";

/** The report form: a reason (required) and an optional note; thanks in a toast once filed. */
export function ReportDialog({ kind, id, open, onClose }: { kind: ReportItemKind; id: string; open: boolean; onClose: () => void }) {
  const noteId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const report = useReportItem();
  const toast = useToast();
  const tooLong = note.trim().length > REPORT_NOTE_MAX;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError(MODERATION_MESSAGES.reasonRequired);
    if (tooLong || report.isPending) return;
    setError(null);
    report.mutate(
      { itemKind: kind, itemId: id, reason, note: note.trim() || undefined },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} title={kind === "piece" ? "Report this piece" : "Report this comment"}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Why are you reporting it?</legend>
          <div className="flex flex-col gap-1">
            {REPORT_REASONS.map((r, i) => (
              <label key={r} className="flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-accent-soft">
                <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} {...(i === 0 ? { "data-autofocus": true } : {})} />
                {REPORT_REASON_LABELS[r]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={noteId} className="text-sm font-medium">
            Note for the admins <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id={noteId}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            rows={3}
            aria-invalid={tooLong}
            className="rounded-md border border-line bg-card p-3 text-ink"
          />
          <span className={`text-xs ${tooLong ? "text-danger" : "text-muted"}`}>
            {note.trim().length}/{REPORT_NOTE_MAX}
          </span>
        </div>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="text" onClick={onClose}>
            cancel
          </Button>
          <Button type="submit" variant="primary" disabled={report.isPending || tooLong}>
            {report.isPending ? "Sending..." : "Send report"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
