import { useId, useState } from "react";
import { formatDateAtTime } from "#shared/domain/format.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useHiddenCirclePieces, useShowCirclePiece } from "../api/circle-moderation.ts";

/**
 * "Hidden pieces" (moderators; issue 29 item 7), folded away until opened: the pieces hidden from
 * the circle, why and when, each with Show again. Read only once opened.
 */
export function HiddenPieces({ slug }: { slug: string }) {
  const [open, setOpen] = useState(false);
  const hidden = useHiddenCirclePieces(slug, open);
  const show = useShowCirclePiece();
  const toast = useToast();
  const panelId = useId();
  const items = hidden.data?.items ?? [];

  return (
    <section aria-label="Hidden pieces" className="mb-6 rounded-xl border border-line bg-card">
      <h2 className="font-sans text-base">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-11 w-full items-center justify-between gap-3 rounded-xl px-4 text-left font-medium text-ink hover:text-accent"
        >
          Hidden pieces
          <span aria-hidden="true" className="text-muted">
            {open ? "−" : "+"}
          </span>
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t border-line px-4 py-3">
        {!open ? null : hidden.isPending ? (
          <LoadingState label="Loading hidden pieces..." className="py-6" />
        ) : hidden.isError ? (
          <ErrorState title="Hidden pieces could not be loaded" message={errorMessage(hidden.error)} onRetry={() => void hidden.refetch()} />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted">No pieces are hidden from this circle.</p>
        ) : (
          <ul aria-label="Hidden pieces" className="flex flex-col divide-y divide-line">
            {items.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-serif text-base text-ink [overflow-wrap:anywhere]">{p.name}</p>
                  <p className="text-muted [overflow-wrap:anywhere]">
                    Hidden {formatDateAtTime(p.hiddenAt)}
                    {p.reason && ` · ${p.reason}`}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  disabled={show.isPending}
                  aria-label={`Show again: ${p.name}`}
                  onClick={() => show.mutate({ slug, id: p.id }, { onSuccess: () => toast.success("The piece is back in the circle"), onError: (err) => toast.error(errorMessage(err)) })}
                >
                  Show again
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
