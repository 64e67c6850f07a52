import { useNavigate } from "react-router";
import { menuItemClass } from "#client/components/layout/app-menu.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { paths } from "#client/config/paths.ts";
import { signOut, useAuthMutation } from "../api/auth-actions.ts";

/** "Sign Out" in the app menu (composed into it by app/routes.tsx): home on success, a toast if it fails. */
export function SignOutButton() {
  const navigate = useNavigate();
  const toast = useToast();
  const signOutMutation = useAuthMutation(signOut);
  const doSignOut = () => {
    signOutMutation.mutate(undefined, {
      onSuccess: () => navigate(paths.home.href(), { replace: true }),
      onError: () => toast.error("Could not sign out. Please try again."),
    });
  };
  return (
    <button type="button" className={`${menuItemClass} text-left`} onClick={doSignOut} disabled={signOutMutation.isPending}>
      Sign Out
    </button>
  );
}
