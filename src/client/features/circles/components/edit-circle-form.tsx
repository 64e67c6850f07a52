import { useId, useState, type FormEvent } from "react";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleSummary } from "#shared/schemas/circles.ts";
import { Button } from "#client/components/ui/button.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useUpdateCircle } from "../api/get-circle.ts";
import { CircleFields, circleDetails, type CircleDraft } from "./circle-fields.tsx";

/** "Edit circle" (owner and moderators): its name, description and colour; the address stays. */
export function EditCircleForm({ circle }: { circle: CircleSummary }) {
  const update = useUpdateCircle();
  const toast = useToast();
  const [draft, setDraft] = useState<CircleDraft>({ name: circle.name, description: circle.description ?? "", accent: circle.accent });
  const [nameError, setNameError] = useState<string | undefined>();
  const headingId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.name.trim()) return setNameError(CIRCLE_MESSAGES.nameRequired);
    setNameError(undefined);
    update.mutate({ slug: circle.slug, ...circleDetails(draft) }, { onSuccess: () => toast.success("Circle saved") });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-card p-5">
      <h2 id={headingId} className="font-serif text-2xl">
        Edit circle
      </h2>
      <p className="mt-1 text-sm text-muted">Its invite links and address stay the same.</p>
      <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-5">
        <CircleFields value={draft} onChange={setDraft} nameError={nameError} />
        {update.isError && <FormMessage tone="error">{errorMessage(update.error)}</FormMessage>}
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </form>
    </section>
  );
}
