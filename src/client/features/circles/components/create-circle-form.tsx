import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { MAX_CIRCLE_DESCRIPTION_LENGTH, MAX_CIRCLE_NAME_LENGTH } from "#shared/constants.ts";
import { CIRCLE_ACCENTS, CIRCLE_MESSAGES, type CircleAccent } from "#shared/domain/circles.ts";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useCreateCircle } from "../api/create-circle.ts";
import { ACCENT_STYLES, AccentSwatch } from "./accent.tsx";

/** "Create a circle": a name, an optional description, a colour; then to the new circle. */
export function CreateCircleForm() {
  const create = useCreateCircle();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [accent, setAccent] = useState<CircleAccent>("ink");
  const [nameError, setNameError] = useState<string | undefined>();
  const headingId = useId();
  const descriptionId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setNameError(CIRCLE_MESSAGES.nameRequired);
    setNameError(undefined);
    create.mutate(
      { name: name.trim(), description: description.trim() || null, accent },
      { onSuccess: ({ circle }) => void navigate(paths.circle.href(circle.slug)) },
    );
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-card p-5">
      <h2 id={headingId} className="font-serif text-2xl">
        Create a circle
      </h2>
      <p className="mt-1 text-sm text-muted">A private group: only its members read what is shared with it.</p>
      <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-5">
        <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={MAX_CIRCLE_NAME_LENGTH} error={nameError} autoComplete="off" />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={descriptionId} className="text-sm font-medium text-ink">
            Description <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id={descriptionId}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
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
                <input type="radio" name="accent" value={a} checked={accent === a} onChange={() => setAccent(a)} className="size-4 accent-[var(--accent)]" />
                <AccentSwatch accent={a} />
                {ACCENT_STYLES[a].label}
              </label>
            ))}
          </div>
        </fieldset>
        {create.isError && <FormMessage tone="error">{errorMessage(create.error)}</FormMessage>}
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Create circle"}
          </Button>
        </div>
      </form>
    </section>
  );
}
