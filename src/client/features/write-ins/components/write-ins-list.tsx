import { Button } from "#client/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useWriteIns } from "../api/get-write-ins.ts";
import type { WriteInsWhen } from "../api/keys.ts";
import { WriteInCard } from "./write-in-card.tsx";

const EMPTY: Record<WriteInsWhen, string> = { upcoming: "No write-ins scheduled yet.", past: "No past write-ins yet." };

/** Upcoming (soonest first) or past (latest first) write-ins, the community's and my circles' or one circle's, 20 at a time. */
export function WriteInsList({ circle, when, label }: { circle: string | null; when: WriteInsWhen; label: string }) {
  const list = useWriteIns(circle, when);
  if (list.isPending) return <LoadingState label="Loading write-ins..." />;
  if (list.isLoadingError) return <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  const items = list.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <EmptyState title={EMPTY[when]} />;
  return (
    <>
      <ul aria-label={label} className="flex flex-col gap-3">
        {items.map((w) => (
          <li key={w.id}>
            <WriteInCard writeIn={w} />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button variant="text" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? "loading..." : "Load more"}
          </Button>
        </div>
      )}
      {list.isFetchNextPageError && <p role="alert" className="mt-3 text-center text-sm text-danger">{errorMessage(list.error)}</p>}
    </>
  );
}
