import { HttpError } from "../../http/errors.ts";

/* Sign-up and reset (auth.routes.ts) and the signed-in password change (account/account.routes.ts) refuse alike. */

/** A weak password is refused with its reasons, listed against the field that carried it. */
export function refuseWeakPassword(reasons: string[], path: string): void {
  if (reasons.length === 0) return;
  const message = reasons.length === 1 ? reasons[0]! : `Password is too weak: ${reasons.join("; ")}`;
  throw new HttpError(422, "weak_password", message, reasons.map((r) => ({ path, message: r })));
}
