import { useNavigate } from "react-router";
import { paths } from "#client/config/paths.ts";
import { errorMessage } from "#client/lib/api-client.ts";
import { useCreateCircle } from "../api/create-circle.ts";
import { CircleForm } from "./circle-fields.tsx";

/** "Create a circle": a name, an optional description, a colour; then to the new circle. */
export function CreateCircleForm() {
  const create = useCreateCircle();
  const navigate = useNavigate();
  return (
    <CircleForm
      heading="Create a circle"
      lede="A private group: only its members read what is shared with it."
      initial={{ name: "", description: "", accent: "ink" }}
      submitLabel="Create circle"
      busyLabel="Creating..."
      busy={create.isPending}
      error={create.isError ? errorMessage(create.error) : null}
      onSubmit={(details) => create.mutate(details, { onSuccess: ({ circle }) => void navigate(paths.circle.href(circle.slug)) })}
    />
  );
}
