import { useState } from "react";
import { PORTFOLIO_MESSAGES } from "#shared/domain/portfolio.ts";
import { ConfirmActions } from "#client/components/ui/confirm-actions.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { ApiError } from "#client/lib/api-client.ts";
import { useDeletePiece } from "../api/delete-piece.ts";
import { TRASH_DAYS } from "#shared/domain/trash.ts";

/**
 * The spec's two failure toasts: "Failed to delete: {message or Unknown error}" when the server
 * (or the network) answered with an error, "Unexpected error occurred while deleting" otherwise.
 */
export function deleteErrorToast(err: unknown): string {
  if (err instanceof ApiError) return `Failed to delete: ${err.message || "Unknown error"}`;
  return "Unexpected error occurred while deleting";
}

/** Confirm, then delete; toasts "Writing deleted successfully" or "Failed to delete: {message}". */
export function DeletePieceDialog({
  piece,
  onClose,
  onDeleted,
}: {
  piece: { id: string; title: string } | null;
  onClose: () => void;
  onDeleted?: (id: string) => void;
}) {
  const toast = useToast();
  const remove = useDeletePiece();
  const confirm = () => {
    if (!piece || remove.isPending) return;
    remove.mutate(piece.id, {
      onSuccess: () => {
        toast.success(PORTFOLIO_MESSAGES.deleteSuccess);
        onClose();
        onDeleted?.(piece.id);
      },
      onError: (err) => {
        toast.error(deleteErrorToast(err));
        onClose();
      },
    });
  };
  return (
    <Dialog open={piece !== null} onClose={onClose} title="Delete this piece?">
      <p className="text-muted">
        <span className="font-serif text-ink">“{piece?.title}”</span> goes to Trash for {TRASH_DAYS} days, where its writer can restore it with its likes and comments. Its share links stop working.
      </p>
      <ConfirmActions onCancel={onClose} onConfirm={confirm} busy={remove.isPending} label="Delete" busyLabel="Deleting..." />
    </Dialog>
  );
}

/**
 * The dialog and the way to open it, for a screen that offers delete on pieces it shows (an
 * admin's lists): `ask(piece)` opens the confirm step; render `dialog` once on the screen.
 */
export function useDeletePieceDialog(onDeleted?: (id: string) => void) {
  const [piece, setPiece] = useState<{ id: string; title: string } | null>(null);
  return { ask: setPiece, dialog: <DeletePieceDialog piece={piece} onClose={() => setPiece(null)} onDeleted={onDeleted} /> };
}
