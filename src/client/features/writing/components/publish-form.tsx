import { useId, type FormEvent } from "react";
import type { Signature } from "#shared/domain/author.ts";
import type { Me } from "#shared/schemas/auth.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { useHoldOpen } from "../hooks/use-hold-open.ts";

export interface SignatureChoice {
  value: Signature;
  label: string;
}

/** Registered name, alias (only when the writer has one), Anonymous. */
export function signatureChoices(me: Me): SignatureChoice[] {
  const choices: SignatureChoice[] = [{ value: "name", label: me.fullName }];
  if (me.alias?.trim()) choices.push({ value: "alias", label: me.alias.trim() });
  choices.push({ value: "anonymous", label: "Anonymous" });
  return choices;
}

/** The full-screen publish form (spec §2): title, "Sign as" buttons plus a dropdown, Cancel, Share. */
export function PublishForm({
  open,
  me,
  title,
  onTitle,
  signature,
  onSignature,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  me: Me;
  title: string;
  onTitle: (v: string) => void;
  signature: Signature;
  onSignature: (s: Signature) => void;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const legendId = useId();
  const selectId = useId();
  const choices = signatureChoices(me);
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
      title="How would you like to share this?"
      fullScreen
    >
      <form ref={formRef} onSubmit={submit} className="flex flex-col gap-6" noValidate>
        <Field label="Title" optional placeholder="Give your piece a title..." value={title} onChange={(e) => onTitle(e.target.value)} maxLength={200} />
        <fieldset className="flex flex-col gap-3">
          <legend id={legendId} className="mb-2 text-sm font-medium text-ink">
            Sign as
          </legend>
          <div role="group" aria-labelledby={legendId} className="flex flex-wrap gap-2">
            {choices.map((c) => (
              <button
                key={c.value}
                type="button"
                aria-pressed={signature === c.value}
                onClick={() => onSignature(c.value)}
                className={`min-h-11 max-w-full truncate rounded-full border px-4 text-sm transition-colors ${
                  signature === c.value ? "border-accent bg-accent text-accent-ink" : "border-line bg-paper text-ink hover:border-accent"
                }`}
              >
                {c.label}
              </button>
            ))}
          </div>
          <div className="flex items-center gap-3">
            <label htmlFor={selectId} className="text-sm text-muted">
              or choose
            </label>
            <select
              id={selectId}
              value={signature}
              onChange={(e) => onSignature(e.target.value as Signature)}
              className="min-h-11 max-w-full rounded-md border border-line bg-paper px-3 text-sm text-ink"
            >
              {choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? "Sharing..." : "Share with community"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
