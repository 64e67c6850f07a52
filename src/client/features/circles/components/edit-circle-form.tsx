import type { CircleSummary } from "#shared/schemas/circles.ts";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useUpdateCircle } from "../api/get-circle.ts";
import { CircleForm } from "./circle-fields.tsx";

/** "Edit circle" (owner and moderators): its name, description and colour; the address stays. */
export function EditCircleForm({ circle }: { circle: CircleSummary }) {
  const update = useUpdateCircle();
  const toast = useToast();
  return (
    <CircleForm
      heading="Edit circle"
      lede="Its invite links and address stay the same."
      initial={{ name: circle.name, description: circle.description ?? "", accent: circle.accent }}
      submitLabel="Save changes"
      busyLabel="Saving..."
      busy={update.isPending}
      error={update.isError ? errorMessage(update.error) : null}
      onSubmit={(details) => update.mutate({ slug: circle.slug, ...details }, { onSuccess: () => toast.success("Circle saved") })}
    />
  );
}
