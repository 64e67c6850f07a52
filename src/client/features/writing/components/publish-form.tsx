import { useId, type ReactNode, type Ref } from "react";
import type { Signature } from "#shared/domain/author.ts";
import type { Me } from "#shared/schemas/auth.ts";
import { CONTENT_WARNING_MAX_LENGTH, PIECE_CONTROL_MESSAGES } from "#shared/domain/piece-controls.ts";
import type { PublishAudience } from "../hooks/use-submit-piece.ts";
import { WritingFormDialog } from "./writing-form-dialog.tsx";

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
  contentWarning,
  onContentWarning,
  audience,
  audienceChoice,
  busy,
  error,
  onCancel,
  onSubmit,
  formRef,
}: {
  open: boolean;
  me: Me;
  title: string;
  onTitle: (v: string) => void;
  signature: Signature;
  onSignature: (s: Signature) => void;
  contentWarning: string;
  onContentWarning: (v: string) => void;
  /** Where it goes, and the choice of it (circles, issue 29: given by the route, absent when the writer is in none). */
  audience: PublishAudience;
  audienceChoice?: ReactNode;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: () => void;
  formRef: Ref<HTMLFormElement>;
}) {
  const legendId = useId();
  const selectId = useId();
  const warningId = useId();
  const warningTooLong = contentWarning.trim().length > CONTENT_WARNING_MAX_LENGTH;
  const choices = signatureChoices(me);
  return (
    <WritingFormDialog
      open={open}
      heading="How would you like to share this?"
      title={title}
      onTitle={onTitle}
      busy={busy}
      error={error}
      submitLabel={audience.community && audience.circles.length === 0 ? "Share with community" : "Share"}
      busyLabel="Sharing..."
      onCancel={onCancel}
      onSubmit={onSubmit}
      formRef={formRef}
    >
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
      {audienceChoice}
      <div className="flex flex-col gap-2">
        <label htmlFor={warningId} className="text-sm font-medium text-ink">
          Content warning <span className="font-normal text-muted">(optional)</span>
        </label>
        <input
          id={warningId}
          value={contentWarning}
          onChange={(e) => onContentWarning(e.target.value)}
          placeholder="e.g. grief"
          aria-invalid={warningTooLong || undefined}
          aria-describedby={`${warningId}-hint`}
          className="min-h-11 rounded-md border border-line bg-paper px-3 text-base text-ink placeholder:text-muted focus:border-accent"
        />
        <p id={`${warningId}-hint`} className={`text-sm ${warningTooLong ? "text-danger" : "text-muted"}`}>
          {warningTooLong ? PIECE_CONTROL_MESSAGES.warningTooLong : "Readers see it, with a Show button, before your text."}
        </p>
      </div>
    </WritingFormDialog>
  );
}
