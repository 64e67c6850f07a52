import { useState } from "react";
import type { WriteInSummary } from "#shared/schemas/write-ins.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useCancelWriteIn, type CancelScope } from "../api/cancel-write-in.ts";
import { RadioChoices } from "./radio-choices.tsx";

const SCOPES: { value: CancelScope; label: string }[] = [
  { value: "this", label: "This one" },
  { value: "following", label: "This and the following weeks" },
];

/** "Cancel write-in" (its managers, before the start), confirmed in a dialog; a weekly one asks which. */
export function CancelWriteIn({ writeIn }: { writeIn: WriteInSummary }) {
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<CancelScope>("this");
  const cancel = useCancelWriteIn();
  const toast = useToast();
  const close = () => {
    setOpen(false);
    cancel.reset();
  };
  const confirm = () =>
    cancel.mutate(
      { id: writeIn.id, scope },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success("Write-in canceled");
        },
      },
    );
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Cancel write-in
      </Button>
      <Dialog open={open} onClose={close} title="Cancel this write-in?">
        <p className="text-muted">Everyone who said they are coming is told. This cannot be undone.</p>
        {writeIn.repeat === "weekly" && <RadioChoices className="mt-4" legend="Which write-ins?" choices={SCOPES} value={scope} onChange={setScope} />}
        {cancel.isError && (
          <div className="mt-4">
            <FormMessage tone="error">{errorMessage(cancel.error)}</FormMessage>
          </div>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="text" onClick={close}>
            keep it
          </Button>
          <Button variant="danger" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? "Canceling..." : "Cancel write-in"}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
