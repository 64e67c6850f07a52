import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleSummary } from "#shared/schemas/circles.ts";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useDeleteCircle } from "../api/get-circle.ts";

/** The owner's Delete circle: the name typed again; its pieces go back to being their writers' own. */
export function DeleteCircle({ circle }: { circle: CircleSummary }) {
  const remove = useDeleteCircle();
  const navigate = useNavigate();
  const toast = useToast();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim() !== circle.name) return setError(CIRCLE_MESSAGES.confirmDelete);
    setError(null);
    remove.mutate(
      { slug: circle.slug, confirmName: typed.trim() },
      {
        onSuccess: () => {
          toast.success("Circle deleted");
          void navigate(paths.circles.href());
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-danger/40 bg-card p-5">
      <h2 id={headingId} className="font-serif text-2xl">
        Delete circle
      </h2>
      <p className="mt-1 text-sm text-muted">
        Everyone leaves it, its invite links stop working, and the pieces shared only with it become private to their writers. This cannot be undone.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        <Field label={`Type "${circle.name}" to confirm`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="flex justify-end">
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? "Deleting..." : "Delete circle"}
          </Button>
        </div>
      </form>
    </section>
  );
}
