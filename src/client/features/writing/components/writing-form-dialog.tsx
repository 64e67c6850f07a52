import type { FormEvent, ReactNode, Ref } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";

/**
 * The full-screen form behind "save" and "publish": optional title, the form's own fields,
 * the error, Cancel and the submit button. While the request is in flight (`busy`) it cannot be
 * closed (×, Escape, backdrop, Cancel), so its outcome is always shown here; `formRef` is the
 * page's hold on it meanwhile (useSubmitGuard's holdOpen).
 */
export function WritingFormDialog({
  open,
  heading,
  intro,
  title,
  onTitle,
  busy,
  error,
  submitLabel,
  busyLabel,
  onCancel,
  onSubmit,
  formRef,
  children,
}: {
  open: boolean;
  heading: string;
  intro?: ReactNode;
  title: string;
  onTitle: (v: string) => void;
  busy: boolean;
  error: string | null;
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
  onSubmit: () => void;
  formRef: Ref<HTMLFormElement>;
  children?: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={busy ? () => undefined : onCancel} showClose={!busy} title={heading} fullScreen>
      <form ref={formRef} onSubmit={submit} className="flex flex-col gap-6" noValidate>
        {intro}
        {/* The dialog opens here, where the writer starts, not on the × (issue 11 item 14). */}
        <Field label="Title" optional placeholder="Give your piece a title..." value={title} onChange={(e) => onTitle(e.target.value)} maxLength={200} data-autofocus />
        {children}
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
