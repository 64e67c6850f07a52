import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { FormMessage } from "#client/components/ui/states.tsx";

/** The `error` the server's link guard names when the new address found an account meanwhile. */
const EMAIL_TAKEN_ERROR = "EMAIL_TAKEN";

/**
 * What the emailed link did, from the query it lands with: ?email=changed (done),
 * ?email=confirmed (the confirmation email's link), or an ?error= (expired, used, cancelled by a
 * new password, or the address taken meanwhile).
 */
export function EmailLinkResult({ email, error }: { email: string | null; error: string | null }) {
  if (error) return <FormMessage tone="error">{error === EMAIL_TAKEN_ERROR ? ACCOUNT_MESSAGES.emailTaken : ACCOUNT_MESSAGES.emailLinkFailed}</FormMessage>;
  if (email === "changed") return <FormMessage tone="success">{ACCOUNT_MESSAGES.emailChanged}</FormMessage>;
  if (email === "confirmed") return <FormMessage tone="success">{ACCOUNT_MESSAGES.emailConfirmed}</FormMessage>;
  return null;
}
