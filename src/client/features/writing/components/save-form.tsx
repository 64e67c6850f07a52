import type { Ref } from "react";
import type { WritingPage } from "#shared/domain/writing-session.ts";
import { WritingFormDialog } from "./writing-form-dialog.tsx";

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
  formRef,
}: {
  open: boolean;
  page: WritingPage;
  title: string;
  onTitle: (v: string) => void;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: () => void;
  formRef: Ref<HTMLFormElement>;
}) {
  return (
    <WritingFormDialog
      open={open}
      heading={page === "freewrite" ? "Save your freewrite" : "Save your writing"}
      intro={<p className="text-muted">It goes to your private portfolio. Only you can read it.</p>}
      title={title}
      onTitle={onTitle}
      busy={busy}
      error={error}
      submitLabel="Save"
      busyLabel="Saving..."
      onCancel={onCancel}
      onSubmit={onSubmit}
      formRef={formRef}
    />
  );
}
