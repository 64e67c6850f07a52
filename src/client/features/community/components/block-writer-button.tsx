import { useState } from "react";
import type { BlockInput } from "#shared/schemas/blocks.ts";
import { ConfirmActions } from "#client/components/ui/confirm-actions.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useBlockWriter } from "../api/block-writer.ts";

/**
 * "block" on a piece or a comment someone else wrote (issue 13 item 5): asks first, then blocks
 * the writer by the piece's or comment's id — the page never learns who that is — and says
 * "You won't see this writer's pieces or comments". `label` is what the reader sees as its author.
 */
export function BlockWriterButton({ target, label, onBlocked, className = "" }: { target: BlockInput; label: string; onBlocked?: () => void; className?: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const block = useBlockWriter();
  const toast = useToast();
  const what = "pieceId" in target ? "piece" : "comment";
  const confirm = () => {
    setError(null);
    block.mutate(target, {
      onSuccess: ({ message }) => {
        setOpen(false);
        toast.success(message);
        onBlocked?.();
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        // The label as the button's name only: the page's text stays the author's label alone.
        aria-label={`block the writer of this ${what} (${label})`}
        className={`inline-flex min-h-11 items-center rounded-md px-2 text-sm lowercase text-muted hover:text-danger ${className}`}
      >
        block
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Block this writer?">
        <p className="text-muted">
          You won&apos;t see this writer&apos;s pieces or comments, and they can&apos;t comment on or like yours. They are not told. You can
          unblock them in Settings, where they are listed as &ldquo;{label}&rdquo;.
        </p>
        {error && (
          <div className="mt-4">
            <FormMessage tone="error">{error}</FormMessage>
          </div>
        )}
        <ConfirmActions onCancel={() => setOpen(false)} onConfirm={confirm} busy={block.isPending} label="Block" busyLabel="Blocking..." />
      </Dialog>
    </>
  );
}
