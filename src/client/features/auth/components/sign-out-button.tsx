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
  // Not mutate()'s own callbacks: signing out makes the menu drop this button (it shows only to a
  // signed-in writer) before they would run, and TanStack Query skips them once it is unmounted.
  const doSignOut = async () => {
    try {
      await signOutMutation.mutateAsync(undefined);
    } catch {
      toast.error("Could not sign out. Please try again.");
      return;
    }
    await navigate(paths.home.href(), { replace: true });
  };
  return (
    <button type="button" className={`${menuItemClass} text-left`} onClick={() => void doSignOut()} disabled={signOutMutation.isPending}>
      Sign Out
    </button>
  );
}
