import { useId, useState, type FormEvent } from "react";
import { CONTENT_WARNING_MAX_LENGTH, PIECE_CONTROL_MESSAGES } from "#shared/domain/piece-controls.ts";
import type { PieceView } from "#shared/schemas/portfolio.ts";
import { Button } from "#client/components/ui/button.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useUpdatePieceControls } from "../api/update-piece-controls.ts";

/**
 * The writer's controls of a published piece (issue 13 item 6): turn comments off or on, and set
 * or remove a content warning that readers see before the text.
 */
export function PieceControlsForm({ piece }: { piece: PieceView }) {
  const id = useId();
  const update = useUpdatePieceControls();
  const [warning, setWarning] = useState(piece.contentWarning ?? "");
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const tooLong = warning.trim().length > CONTENT_WARNING_MAX_LENGTH;
  const changed = (warning.trim() || null) !== piece.contentWarning;

  const run = (input: { commentsOff?: boolean; contentWarning?: string | null }, done: string) => {
    setNotice(null);
    update.mutate(
      { id: piece.id, ...input },
      { onSuccess: () => setNotice({ tone: "success", text: done }), onError: (err) => setNotice({ tone: "error", text: errorMessage(err) }) },
    );
  };
  const saveWarning = (e: FormEvent) => {
    e.preventDefault();
    if (tooLong || !changed || update.isPending) return;
    const next = warning.trim() || null;
    run({ contentWarning: next }, next ? PIECE_CONTROL_MESSAGES.warningSaved : PIECE_CONTROL_MESSAGES.warningRemoved);
  };

  return (
    <section aria-labelledby={`${id}-h`} className="mt-6 rounded-lg border border-line bg-card p-4">
      <h2 id={`${id}-h`} className="text-sm font-medium text-ink">
        Your controls
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <span className="text-muted">{piece.commentsOff ? "Comments are off." : "Comments are on."}</span>
        <Button
          variant="secondary"
          disabled={update.isPending}
          onClick={() =>
            run({ commentsOff: !piece.commentsOff }, piece.commentsOff ? PIECE_CONTROL_MESSAGES.commentsTurnedOn : PIECE_CONTROL_MESSAGES.commentsTurnedOff)
          }
        >
          {piece.commentsOff ? "turn comments on" : "turn comments off"}
        </Button>
      </div>
      <form onSubmit={saveWarning} className="mt-4 flex flex-col gap-2">
        <label htmlFor={`${id}-cw`} className="text-sm text-ink">
          Content warning <span className="text-muted">(optional, shown before your text)</span>
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={`${id}-cw`}
            value={warning}
            onChange={(e) => setWarning(e.target.value)}
            placeholder="e.g. grief"
            aria-invalid={tooLong || undefined}
            aria-describedby={`${id}-msg`}
            className="min-h-11 min-w-0 flex-1 rounded-md border border-line bg-paper px-3 text-ink placeholder:text-muted focus:border-accent"
          />
          <Button type="submit" variant="secondary" disabled={tooLong || !changed || update.isPending}>
            save warning
          </Button>
        </div>
        <div id={`${id}-msg`}>
          {tooLong ? (
            <FormMessage tone="error">{PIECE_CONTROL_MESSAGES.warningTooLong}</FormMessage>
          ) : (
            notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>
          )}
        </div>
      </form>
    </section>
  );
}
