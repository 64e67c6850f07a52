import { ACCOUNT_MESSAGES } from "#shared/domain/account-messages.ts";
import { Button } from "#client/components/ui/button.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useMe } from "#client/lib/get-me.ts";
import { useResendConfirmation } from "../api/account.ts";

/** What an unconfirmed address misses, unless the place it is shown says it more precisely. */
const MISSED = "Until you do, we can't send you the weekly best-of, the monthly collection, the daily reminder or the digest.";

/**
 * A writer whose email is not confirmed (issue 24 item 3): what that stops, and "Send the
 * confirmation email again". Nothing for a visitor or a confirmed writer. One notice for every
 * place it matters (email settings, the reminder offer, the account page): routes compose it.
 */
export function UnconfirmedEmailNotice({ missed = MISSED, className = "" }: { missed?: string; className?: string }) {
  const me = useMe().data;
  const resend = useResendConfirmation();
  if (!me || me.emailVerified) return null;
  return (
    <div className={`rounded-lg border border-line bg-accent-soft px-4 py-3 text-left ${className}`}>
      <p className="font-medium text-ink">Your email isn&apos;t confirmed yet.</p>
      <p className="mt-1 text-sm text-ink [overflow-wrap:anywhere]">
        {missed} To confirm <span className="font-medium">{me.email}</span>, follow the link in the email we sent when you signed up.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button variant="secondary" className="w-full sm:w-auto" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? "Sending..." : "Send the confirmation email again"}
        </Button>
        {resend.isSuccess && <FormMessage tone="success">{ACCOUNT_MESSAGES.confirmationSent}</FormMessage>}
        {resend.isError && <FormMessage tone="error">{errorMessage(resend.error)}</FormMessage>}
      </div>
    </div>
  );
}
