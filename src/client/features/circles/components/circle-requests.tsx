import { useId } from "react";
import { formatDateAtTime } from "#shared/domain/format.ts";
import type { CircleSummary } from "#shared/schemas/circles.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useAcceptCircleRequest, useCircleRequests, useDeclineCircleRequest } from "../api/circle-requests.ts";

/**
 * "Requests to join" (moderators; issue 29 item 2): the writers who opened an invite link of a
 * circle that approves joins, oldest first, each accepted or declined. While the circle lets
 * people straight in, the list shows only if requests made before are still waiting.
 */
export function CircleRequests({ circle }: { circle: CircleSummary }) {
  const { slug } = circle;
  const requests = useCircleRequests(slug);
  const accept = useAcceptCircleRequest();
  const decline = useDeclineCircleRequest();
  const toast = useToast();
  const headingId = useId();
  const waiting = requests.data?.items ?? [];
  if (!circle.requiresApproval && waiting.length === 0) return null;

  const onError = (err: unknown) => toast.error(errorMessage(err));
  const busy = accept.isPending || decline.isPending;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-serif text-2xl">
        Requests to join
      </h2>
      {requests.isPending ? (
        <LoadingState label="Loading requests..." className="py-6" />
      ) : requests.isError ? (
        <ErrorState title="Requests could not be loaded" message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />
      ) : waiting.length === 0 ? (
        <p className="rounded-xl border border-line bg-card px-4 py-3 text-muted">No one is waiting to join. Requests appear here when someone opens one of the circle's invite links.</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-line rounded-xl border border-line bg-card">
          {waiting.map((r) => (
            <li key={r.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{r.name}</p>
                <p className="text-sm text-muted">Asked {formatDateAtTime(r.requestedAt)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="primary"
                  disabled={busy}
                  aria-label={`Accept ${r.name}`}
                  onClick={() => accept.mutate({ slug, userId: r.userId }, { onSuccess: () => toast.success(`${r.name} joined the circle`), onError })}
                >
                  Accept
                </Button>
                <Button
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Decline ${r.name}`}
                  onClick={() => decline.mutate({ slug, userId: r.userId }, { onSuccess: () => toast.success(`${r.name}'s request was declined`), onError })}
                >
                  Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
