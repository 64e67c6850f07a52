import { TRASH_MESSAGES } from "#shared/domain/trash.ts";
import { Button } from "#client/components/ui/button.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useRestoreFromTrash } from "../api/restore-from-trash.ts";

/**
 * On an audit entry of a deleted piece: bring it back from its writer's trash as it was (an
 * admin's way to undo a mistaken delete; the writer's own restore brings it back private).
 */
export function RestoreFromTrashButton({ pieceId }: { pieceId: string }) {
  const restore = useRestoreFromTrash();
  const toast = useToast();
  if (restore.isSuccess) return <p className="mt-1 text-sm text-muted">{TRASH_MESSAGES.restored}</p>;
  return (
    <Button
      variant="text"
      className="mt-1"
      disabled={restore.isPending}
      aria-label={`Restore piece ${pieceId} from its writer's trash`}
      onClick={() =>
        restore.mutate(pieceId, {
          onSuccess: () => toast.success(TRASH_MESSAGES.restored),
          onError: (err) => toast.error(errorMessage(err)),
        })
      }
    >
      {restore.isPending ? "Restoring..." : "Restore from trash"}
    </Button>
  );
}
