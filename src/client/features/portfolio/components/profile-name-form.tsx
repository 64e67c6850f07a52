import { useState, type FormEvent } from "react";
import { MAX_ALIAS_LENGTH, MAX_NAME_LENGTH } from "#shared/constants.ts";
import { PORTFOLIO_MESSAGES } from "#shared/domain/portfolio.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { ApiError } from "#client/lib/api-client.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

/**
 * The spec's two failure toasts: "Failed to update alias: {message}" when the server (or the
 * network) answered with an error, "Unexpected error occurred while updating profile" alone for
 * anything else thrown.
 */
export function profileUpdateErrorToast(err: unknown): string {
  if (err instanceof ApiError) return `Failed to update alias: ${err.message}`;
  return "Unexpected error occurred while updating profile";
}

/** What changing the alias does to pieces already published (they keep the alias they were signed with). */
export const ALIAS_KEPT_NOTE = "New pieces use the new alias; published pieces keep theirs.";

/**
 * Name and alias (PATCH /api/me/profile): alias trimmed, empty removes it. One form for the
 * profile's bird dialog and for Settings › Account; it starts from the values it is mounted with
 * (remount it with a `key` to start over).
 */
export function ProfileNameForm({ fullName, alias, onSaved, onCancel }: { fullName: string; alias: string | null; onSaved?: () => void; onCancel?: () => void }) {
  const [name, setName] = useState(fullName);
  const [aliasValue, setAlias] = useState(alias ?? "");
  const [nameError, setNameError] = useState<string | undefined>();
  const update = useUpdateProfile();
  const toast = useToast();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (update.isPending) return;
    if (!name.trim()) {
      setNameError(PORTFOLIO_MESSAGES.nameRequired);
      return;
    }
    setNameError(undefined);
    update.mutate(
      { name: name.trim(), alias: aliasValue.trim() },
      {
        onSuccess: () => {
          toast.success(PORTFOLIO_MESSAGES.aliasUpdated);
          onSaved?.();
        },
        onError: (err) => toast.error(profileUpdateErrorToast(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Name" name="name" autoComplete="name" required maxLength={MAX_NAME_LENGTH} value={name} error={nameError} onChange={(e) => setName(e.target.value)} />
      <Field
        label="Writer Alias"
        name="alias"
        optional
        maxLength={MAX_ALIAS_LENGTH}
        value={aliasValue}
        hint={`Leave empty to remove your alias. ${ALIAS_KEPT_NOTE}`}
        onChange={(e) => setAlias(e.target.value)}
      />
      <div className="mt-2 flex justify-end gap-3">
        {onCancel && (
          <Button variant="text" onClick={onCancel} disabled={update.isPending}>
            cancel
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
