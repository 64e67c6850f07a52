import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useCreateCircle } from "../api/create-circle.ts";
import { CircleFields, circleDetails, type CircleDraft } from "./circle-fields.tsx";

/** "Create a circle": a name, an optional description, a colour; then to the new circle. */
export function CreateCircleForm() {
  const create = useCreateCircle();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CircleDraft>({ name: "", description: "", accent: "ink" });
  const [nameError, setNameError] = useState<string | undefined>();
  const headingId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.name.trim()) return setNameError(CIRCLE_MESSAGES.nameRequired);
    setNameError(undefined);
    create.mutate(circleDetails(draft), { onSuccess: ({ circle }) => void navigate(paths.circle.href(circle.slug)) });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-card p-5">
      <h2 id={headingId} className="font-serif text-2xl">
        Create a circle
      </h2>
      <p className="mt-1 text-sm text-muted">A private group: only its members read what is shared with it.</p>
      <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-5">
        <CircleFields value={draft} onChange={setDraft} nameError={nameError} />
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
