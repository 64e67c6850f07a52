import { useId, useRef, useState, type FormEvent } from "react";
import { CIRCLE_INVITE_DEFAULT_DAYS, CIRCLE_INVITE_MAX_DAYS, CIRCLE_INVITE_MAX_USES } from "#shared/constants.ts";
import { formatDateAtTime } from "#shared/domain/format.ts";
import type { CircleInvite } from "#shared/schemas/circles.ts";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { EmptyState, ErrorState, FormMessage, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useCircleInvites, useCreateCircleInvite, useRevokeCircleInvite } from "../api/circle-invites.ts";

const STATE_LABELS: Record<CircleInvite["state"], string> = { live: "Live", expired: "Expired", revoked: "Turned off", used_up: "Used up" };

/** The link a new invite's code opens, in full (to paste into a message). */
const inviteLink = (code: string) => `${window.location.origin}${paths.circleInvite.href(code)}`;

/** A whole number from a field, or null when blank; NaN (said by the server's message) when not one. */
const wholeNumber = (v: string): number | null => (v.trim() === "" ? null : Number(v));

/** The new link, shown this once, with Copy (or selected for copying by hand). */
function NewInviteLink({ code }: { code: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const link = inviteLink(code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied("copied");
    } catch {
      inputRef.current?.select();
      setCopied("failed");
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-accent/40 bg-accent-soft p-4">
      <label htmlFor={id} className="text-sm font-medium">
        Your invite link (shown this once: copy it now)
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input id={id} ref={inputRef} readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="min-h-11 min-w-0 flex-1 rounded-md border border-line bg-paper px-3 text-sm text-ink" />
        <Button variant="primary" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-muted">
        {copied === "copied" ? "Invite link copied" : copied === "failed" ? "Copy it by hand: the link is selected." : ""}
      </p>
    </div>
  );
}

/** Invite links (moderators): make one (days, optional uses), see each one's state and uses, turn one off. */
export function CircleInvites({ slug }: { slug: string }) {
  const invites = useCircleInvites(slug);
  const create = useCreateCircleInvite();
  const revoke = useRevokeCircleInvite();
  const toast = useToast();
  const [days, setDays] = useState(String(CIRCLE_INVITE_DEFAULT_DAYS));
  const [maxUses, setMaxUses] = useState("");
  const headingId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const d = wholeNumber(days);
    create.mutate({ slug, days: d ?? CIRCLE_INVITE_DEFAULT_DAYS, maxUses: wholeNumber(maxUses) });
  };

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby={headingId} className="rounded-xl border border-line bg-card p-5">
        <h2 id={headingId} className="font-serif text-2xl">
          Make an invite link
        </h2>
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Days it works" type="number" inputMode="numeric" min={1} max={CIRCLE_INVITE_MAX_DAYS} value={days} onChange={(e) => setDays(e.target.value)} hint={`1 to ${CIRCLE_INVITE_MAX_DAYS}`} />
            <Field
              label="Most uses"
              optional
              type="number"
              inputMode="numeric"
              min={1}
              max={CIRCLE_INVITE_MAX_USES}
              value={maxUses}
              onChange={(e) => setMaxUses(e.target.value)}
              hint="Blank: as many as join before it expires"
            />
          </div>
          {create.isError && <FormMessage tone="error">{errorMessage(create.error)}</FormMessage>}
          <div className="flex justify-end">
            <Button type="submit" variant="primary" disabled={create.isPending}>
              {create.isPending ? "Making..." : "Make invite link"}
            </Button>
          </div>
        </form>
        {create.data && (
          <div className="mt-4">
            <NewInviteLink code={create.data.code} />
          </div>
        )}
      </section>
      <section aria-label="Invite links">
        {invites.isPending ? (
          <LoadingState label="Loading invite links..." />
        ) : invites.isError ? (
          <ErrorState message={errorMessage(invites.error)} onRetry={() => void invites.refetch()} />
        ) : invites.data.items.length === 0 ? (
          <EmptyState title="No invite links yet">Make one above and send it to the people you want in the circle.</EmptyState>
        ) : (
          <ul aria-label="Invite links" className="flex flex-col divide-y divide-line rounded-xl border border-line bg-card">
            {invites.data.items.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium text-ink">
                    {STATE_LABELS[inv.state]} · {inv.uses}
                    {inv.maxUses !== null ? ` of ${inv.maxUses}` : ""} {inv.uses === 1 && inv.maxUses === null ? "use" : "uses"}
                  </p>
                  <p className="text-muted">
                    By {inv.createdBy} · {inv.state === "expired" ? "expired" : "expires"} {formatDateAtTime(inv.expiresAt)}
                  </p>
                </div>
                {inv.state === "live" && (
                  <Button
                    variant="ghost"
                    disabled={revoke.isPending}
                    aria-label={`Turn off the invite link made by ${inv.createdBy} on ${formatDateAtTime(inv.createdAt)}`}
                    onClick={() => revoke.mutate({ slug, id: inv.id }, { onSuccess: () => toast.success("Invite link turned off"), onError: (err) => toast.error(errorMessage(err)) })}
                  >
                    Turn off
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

