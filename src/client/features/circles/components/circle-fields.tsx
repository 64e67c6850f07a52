import { useId, useState, type FormEvent, type ReactNode } from "react";
import { MAX_CIRCLE_DESCRIPTION_LENGTH, MAX_CIRCLE_NAME_LENGTH } from "#shared/constants.ts";
import { CIRCLE_ACCENTS, CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import type { CircleDetails } from "../api/get-circle.ts";
import { ACCENT_STYLES, AccentSwatch } from "./accent.tsx";

/** What a circle's form holds while it is typed: its description as typed (blank: none). */
export type CircleDraft = Omit<CircleDetails, "description"> & { description: string };

/** The draft as sent: trimmed, a blank description none. */
export const circleDetails = (d: CircleDraft): CircleDetails => ({ name: d.name.trim(), description: d.description.trim() || null, accent: d.accent });

/** A circle's name, optional description and colour. */
function CircleFields({ value, onChange, nameError }: { value: CircleDraft; onChange: (next: CircleDraft) => void; nameError: string | undefined }) {
  const descriptionId = useId();
  const accentName = useId();
  return (
    <>
      <Field label="Name" value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} maxLength={MAX_CIRCLE_NAME_LENGTH} error={nameError} autoComplete="off" />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-medium text-ink">
          Description <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={descriptionId}
          value={value.description}
          onChange={(e) => onChange({ ...value, description: e.target.value })}
          maxLength={MAX_CIRCLE_DESCRIPTION_LENGTH}
          rows={3}
          className="rounded-md border border-line bg-paper px-3 py-2 text-base text-ink focus:border-accent"
        />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">Colour</legend>
        <div className="flex flex-wrap gap-2">
          {CIRCLE_ACCENTS.map((a) => (
            <label
              key={a}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line bg-paper px-3 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
            >
              <input type="radio" name={accentName} value={a} checked={value.accent === a} onChange={() => onChange({ ...value, accent: a })} className="size-4 accent-[var(--accent)]" />
              <AccentSwatch accent={a} />
              {ACCENT_STYLES[a].label}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/**
 * "Create a circle" and "Edit circle": the fields, the name required before anything is sent, the
 * server's refusal in its own words, and the submit button (`busyLabel` while it is sent);
 * `children`: fields one of the two forms alone has, after the shared ones.
 */
export function CircleForm({
  heading,
  lede,
  initial,
  submitLabel,
  busyLabel,
  busy,
  error,
  onSubmit,
  children,
}: {
  heading: string;
  lede: string;
  initial: CircleDraft;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (details: CircleDetails) => void;
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState<CircleDraft>(initial);
  const [nameError, setNameError] = useState<string | undefined>();
  const headingId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.name.trim()) return setNameError(CIRCLE_MESSAGES.nameRequired);
    setNameError(undefined);
    onSubmit(circleDetails(draft));
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-card p-5">
      <h2 id={headingId} className="font-serif text-2xl">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-muted">{lede}</p>
      <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-5">
        <CircleFields value={draft} onChange={setDraft} nameError={nameError} />
        {children}
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </section>
  );
}
