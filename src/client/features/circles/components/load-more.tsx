import { Button } from "#client/components/ui/button.tsx";

/** "Load more" under a circle's list (its pieces, its members) while the server has another page. */
export function LoadMore({ list }: { list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> } }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-8 flex justify-center">
      <Button variant="text" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage ? "loading..." : "Load more"}
      </Button>
    </div>
  );
}
