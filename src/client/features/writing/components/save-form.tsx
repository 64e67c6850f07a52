import type { FormEvent } from "react";
import type { WritingPage } from "#shared/domain/writing-session.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { useHoldOpen } from "../hooks/use-hold-open.ts";

/** The full-screen save form (spec §2): "Save your writing" / "Save your freewrite". */
export function SaveForm({
  open,
  page,
  title,
  onTitle,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  page: WritingPage;
  title: string;
  onTitle: (v: string) => void;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const formRef = useHoldOpen<HTMLFormElement>(open, busy);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open={open}
      // While the request is in flight the form cannot be closed: its outcome is shown here.
      onClose={busy ? () => undefined : onCancel}
      showClose={!busy}
      title={page === "freewrite" ? "Save your freewrite" : "Save your writing"}
      fullScreen
    >
      <form ref={formRef} onSubmit={submit} className="flex flex-col gap-6" noValidate>
        <p className="text-muted">It goes to your private portfolio. Only you can read it.</p>
        <Field label="Title" optional placeholder="Give your piece a title..." value={title} onChange={(e) => onTitle(e.target.value)} maxLength={200} />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
