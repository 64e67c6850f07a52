import { useId } from "react";
import { formatLongDate } from "#shared/domain/format.ts";
import { Button } from "#client/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useBlocks, useUnblock } from "../api/blocks.ts";

/**
 * Settings › Blocked writers (issue 13 item 5): each block by the label the writer saw where they
 * blocked ("Anonymous", an alias or a name as signed) and when, with Unblock. Never who it is.
 */
export function BlockedWriters() {
  const headingId = useId();
  const blocks = useBlocks();
  const unblock = useUnblock();
  const toast = useToast();
  const items = blocks.data?.pages.flatMap((p) => p.items) ?? [];

  const body = blocks.isPending ? (
    <LoadingState label="Loading..." />
  ) : blocks.isError ? (
    <ErrorState title="Your blocked writers could not be loaded" message={errorMessage(blocks.error)} onRetry={() => void blocks.refetch()} />
  ) : items.length === 0 ? (
    <EmptyState title="You haven't blocked anyone">Block a writer from one of their pieces or comments; they will be listed here.</EmptyState>
  ) : (
    <>
      <ul aria-labelledby={headingId} className="divide-y divide-line rounded-lg border border-line bg-card">
        {items.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-ink">{b.label}</p>
              <p className="text-sm text-muted">
                Blocked <time dateTime={b.createdAt}>{formatLongDate(b.createdAt)}</time>
              </p>
            </div>
            <Button
              variant="secondary"
              disabled={unblock.isPending && unblock.variables === b.id}
              onClick={() =>
                unblock.mutate(b.id, {
                  onSuccess: ({ message }) => toast.success(message),
                  onError: (err) => toast.error(errorMessage(err)),
                })
              }
            >
              Unblock<span className="sr-only"> {b.label}</span>
            </Button>
          </li>
        ))}
      </ul>
      {blocks.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="text" onClick={() => void blocks.fetchNextPage()} disabled={blocks.isFetchingNextPage}>
            {blocks.isFetchingNextPage ? "Loading..." : "show more"}
          </Button>
        </div>
      )}
    </>
  );

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="font-serif text-2xl">
        Blocked writers
      </h2>
      <p className="mt-2 text-muted">You don&apos;t see their pieces or comments, and they can&apos;t comment on or like yours.</p>
      <div className="mt-5">{body}</div>
    </section>
  );
}
