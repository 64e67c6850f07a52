import { useId, useState } from "react";
import type { CircleSummary } from "#shared/schemas/circles.ts";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useUpdateCircle } from "../api/get-circle.ts";
import { CircleForm } from "./circle-fields.tsx";

/** "Ask to join" (issue 29 item 2): an invite link then makes a request, which a moderator accepts or declines. */
function ApprovalField({ checked, onChange }: { checked: boolean; onChange: (next: boolean) => void }) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex min-h-11 items-center gap-3 text-ink">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hintId} className="size-4 accent-[var(--accent)]" />
        New members need a moderator's approval
      </label>
      <p id={hintId} className="text-sm text-muted">
        Whoever opens an invite link asks to join; a moderator accepts or declines them under "Requests to join" in the Members tab.
      </p>
    </div>
  );
}

/** "Edit circle" (owner and moderators): its name, description and colour, and whether joining waits for approval; the address stays. */
export function EditCircleForm({ circle }: { circle: CircleSummary }) {
  const update = useUpdateCircle();
  const toast = useToast();
  const [requiresApproval, setRequiresApproval] = useState(circle.requiresApproval);
  return (
    <CircleForm
      heading="Edit circle"
      lede="Its invite links and address stay the same."
      initial={{ name: circle.name, description: circle.description ?? "", accent: circle.accent }}
      submitLabel="Save changes"
      busyLabel="Saving..."
      busy={update.isPending}
      error={update.isError ? errorMessage(update.error) : null}
      onSubmit={(details) => update.mutate({ slug: circle.slug, ...details, requiresApproval }, { onSuccess: () => toast.success("Circle saved") })}
    >
      <ApprovalField checked={requiresApproval} onChange={setRequiresApproval} />
    </CircleForm>
  );
}
