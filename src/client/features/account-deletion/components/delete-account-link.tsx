import { Link } from "react-router";
import { paths } from "#client/config/paths.ts";

/** The way to /settings/account/delete, set apart at the foot of a settings page. */
export function DeleteAccountLink() {
  return (
    <p className="mt-12 border-t border-line pt-6">
      <Link to={paths.settingsAccountDelete.href()} className="text-danger underline underline-offset-4">
        Delete my account…
      </Link>
    </p>
  );
}
