import { TIERS, LITERARY_LEGEND_TITLE, type TierProgress } from "#shared/domain/tiers.ts";
import { formatPages } from "#shared/domain/words.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { FormMessage, LoadingState } from "#client/components/ui/states.tsx";

export const PROGRESS_LOADING = "Loading your progress...";
export const PROGRESS_FAILED = "Your progress could not be loaded.";

/**
 * The tier progress modal (spec §2 Profile "Progress", §9 tiers). The tier comes with the
 * portfolio stats: while they load the modal says so, and if they failed it offers a retry.
 */
export function TierDialog({
  open,
  onClose,
  tier,
  failed,
  retrying,
  onRetry,
}: {
  open: boolean;
  onClose: () => void;
  tier: TierProgress | undefined;
  /** The stats request failed (and there is no tier to show). */
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Your Progress">
      {!tier && !failed && <LoadingState label={PROGRESS_LOADING} className="py-8" />}
      {!tier && failed && (
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">{PROGRESS_FAILED}</FormMessage>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onRetry} disabled={retrying}>
              {retrying ? "Trying again..." : "Try again"}
            </Button>
          </div>
        </div>
      )}
      {tier && (
        <div className="flex flex-col gap-6">
          <div>
            <p className="text-sm text-muted">Current tier</p>
            <p className="font-serif text-3xl">{tier.current.name}</p>
            <p className="mt-1 text-sm text-muted">{formatPages(tier.pagesWritten)} pages written</p>
          </div>
          {tier.next ? (
            <div>
              <div
                role="progressbar"
                aria-label={`Progress to ${tier.next.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(tier.fraction * 100)}
                className="h-2 w-full overflow-hidden rounded-full bg-accent-soft"
              >
                <div className="h-full rounded-full bg-accent" style={{ width: `${Math.round(tier.fraction * 100)}%` }} />
              </div>
              <p className="mt-3">
                <span className="font-semibold">{formatPages(tier.pagesToNext ?? 0)}</span> pages to {tier.next.name}
              </p>
            </div>
          ) : (
            <p className="rounded-lg border border-accent/40 bg-accent-soft px-4 py-3 font-serif text-lg">
              {LITERARY_LEGEND_TITLE}: you have written {formatPages(tier.pagesWritten)} pages. Every tier is yours.
            </p>
          )}
          <ol className="flex flex-col divide-y divide-line border-y border-line">
            {TIERS.map((t) => {
              const reached = tier.pagesWritten >= t.minPages;
              const current = t.key === tier.current.key;
              return (
                <li key={t.key} className={`flex items-center justify-between py-2.5 ${current ? "font-semibold" : reached ? "" : "text-muted"}`}>
                  <span>
                    {t.name}
                    {current && <span className="sr-only"> (current tier)</span>}
                  </span>
                  <span className="text-sm tabular-nums">{t.minPages === 0 ? `under ${TIERS[1]!.minPages} pages` : `${t.minPages} pages`}</span>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </Dialog>
  );
}
