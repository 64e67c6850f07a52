import { useId, useState } from "react";
import type { Signature } from "#shared/domain/author.ts";
import { Button } from "#client/components/ui/button.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";

/**
 * Before joining: how this writer appears in the panel and the results (issue 30 item 2). Anonymous
 * writers are counted, never named.
 */
export function JoinForm({
  alias,
  canJoin,
  busy,
  error,
  onJoin,
}: {
  alias: string | null;
  /** false before joining opens (10 minutes before the start). */
  canJoin: boolean;
  busy: boolean;
  error: string | null;
  onJoin: (signature: Signature) => void;
}) {
  const legend = useId();
  const [signature, setSignature] = useState<Signature>("name");
  const choices: { value: Signature; label: string }[] = [
    { value: "name", label: "Show my name" },
    ...(alias?.trim() ? [{ value: "alias" as const, label: `Show my alias (${alias.trim()})` }] : []),
    { value: "anonymous", label: "Don't name me (I'm still counted)" },
  ];
  return (
    <form
      className="mt-6 flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (canJoin && !busy) onJoin(signature);
      }}
    >
      <fieldset aria-labelledby={legend} className="flex flex-col gap-2">
        <legend id={legend} className="mb-1 text-sm font-medium text-ink">
          In the live panel and the results
        </legend>
        {choices.map((c) => (
          <label key={c.value} className="flex min-h-11 items-center gap-3 rounded-md border border-line bg-paper px-3 text-sm text-ink has-[:checked]:border-accent">
            <input type="radio" name="signature" value={c.value} checked={signature === c.value} onChange={() => setSignature(c.value)} className="size-4 accent-[var(--accent)]" />
            {c.label}
          </label>
        ))}
      </fieldset>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div>
        <Button type="submit" variant="primary" disabled={!canJoin || busy}>
          {busy ? "Joining..." : "Join"}
        </Button>
      </div>
    </form>
  );
}
