import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";

export const UNSAVED_CHANGES_TITLE = "Leave without saving?";

/**
 * Asks before unsaved edits are thrown away (leaving the page or cancelling the editor).
 * Escape, the backdrop and the close button all mean "keep editing".
 */
export function UnsavedChangesDialog({ open, onStay, onDiscard }: { open: boolean; onStay: () => void; onDiscard: () => void }) {
  return (
    <Dialog open={open} onClose={onStay} title={UNSAVED_CHANGES_TITLE}>
      <p className="text-muted">Your changes to this piece have not been saved. If you leave now, they will be lost.</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="text" onClick={onDiscard}>
          discard changes
        </Button>
        <Button variant="primary" onClick={onStay}>
          Keep editing
        </Button>
      </div>
    </Dialog>
  );
}
