import { useId, useState } from "react";
import { formatLongDate, wordsLabel } from "#shared/domain/format.ts";
import { TRASH_DAYS, TRASH_MESSAGES } from "#shared/domain/trash.ts";
import type { TrashItem } from "#shared/schemas/trash.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmActions } from "#client/components/ui/confirm-actions.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useDeleteForever, useRestorePiece, useTrash } from "../api/trash.ts";

/** The name a trashed piece goes by: its title, else its first words. */
export const trashName = (item: Pick<TrashItem, "title" | "excerpt">): string => item.title?.trim() || item.excerpt || "Untitled";

function Entry({ item, onForget }: { item: TrashItem; onForget: (item: TrashItem) => void }) {
  const restore = useRestorePiece();
  const toast = useToast();
  const name = trashName(item);
  const doRestore = () =>
    restore.mutate(item.id, {
      onSuccess: (res) => toast.success(res.isPrivate && item.removedByAdmin ? TRASH_MESSAGES.restoredPrivate : TRASH_MESSAGES.restored),
      onError: (err) => toast.error(errorMessage(err)),
    });
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1">
        <h2 className={`break-words font-serif text-lg ${item.title ? "" : "italic"}`}>{name}</h2>
        <p className="mt-1 text-sm text-muted">
          {wordsLabel(item.wordCount)} · deleted <time dateTime={item.trashedAt}>{formatLongDate(item.trashedAt)}</time> · deleted forever on{" "}
          <time dateTime={item.purgeAt}>{formatLongDate(item.purgeAt)}</time>
        </p>
        {item.removedByAdmin && (
          <p className="mt-2 break-words text-sm text-ink">
            {item.note ? `${TRASH_MESSAGES.removedByAdmin}: ${item.note}` : TRASH_MESSAGES.removedByAdmin}. Restoring brings it back private, to your portfolio.
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" onClick={doRestore} disabled={restore.isPending} aria-label={`Restore “${name}”`}>
          {restore.isPending ? "Restoring..." : "Restore"}
        </Button>
        <Button variant="danger" onClick={() => onForget(item)} aria-label={`Delete “${name}” forever`}>
          Delete forever
        </Button>
      </div>
    </li>
  );
}

/** Confirm, then delete a trashed piece for good. */
function DeleteForeverDialog({ item, onClose }: { item: TrashItem | null; onClose: () => void }) {
  const remove = useDeleteForever();
  const toast = useToast();
  const confirm = () => {
    if (!item || remove.isPending) return;
    remove.mutate(item.id, {
      onSuccess: () => toast.success(TRASH_MESSAGES.deletedForever),
      onError: (err) => toast.error(errorMessage(err)),
      onSettled: onClose,
    });
  };
  return (
    <Dialog open={item !== null} onClose={onClose} title="Delete forever?">
      <p className="text-muted">
        <span className="font-serif text-ink">“{item ? trashName(item) : ""}”</span> will be gone for good, with its likes and comments. This cannot be undone.
      </p>
      <ConfirmActions onCancel={onClose} onConfirm={confirm} busy={remove.isPending} label="Delete forever" busyLabel="Deleting..." />
    </Dialog>
  );
}

/** /profile/trash: deleted pieces, waiting 30 days to be restored or deleted for good. */
export function TrashList() {
  const headingId = useId();
  const list = useTrash();
  const [forgetting, setForgetting] = useState<TrashItem | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const body = list.isPending ? (
    <LoadingState label="Loading your trash..." />
  ) : list.isError ? (
    <ErrorState title="Your trash could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
  ) : items.length === 0 ? (
    <EmptyState title="Nothing here">{TRASH_MESSAGES.empty}</EmptyState>
  ) : (
    <>
      <ul aria-labelledby={headingId} className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-card">
        {items.map((item) => (
          <Entry key={item.id} item={item} onForget={setForgetting} />
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="text" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      )}
    </>
  );

  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId} className="font-serif text-3xl sm:text-4xl">
        Trash
      </h1>
      <p className="mt-2 text-muted">
        Deleted pieces stay here for {TRASH_DAYS} days, then they are deleted forever. A restored piece comes back with its likes and comments; its share links do not.
      </p>
      <div className="mt-6">{body}</div>
      <DeleteForeverDialog item={forgetting} onClose={() => setForgetting(null)} />
    </section>
  );
}
