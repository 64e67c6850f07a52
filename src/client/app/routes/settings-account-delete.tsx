import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { RequireUser } from "#client/app/guards.tsx";
import { paths } from "#client/config/paths.ts";
import { SettingsPage } from "#client/components/layout/settings-page.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { DeleteAccountSection } from "#client/features/account-deletion/components/delete-account-form.tsx";
import { announceAuthChange } from "#client/features/auth/api/auth-actions.ts";
import { forgetWriterOnDevice } from "#client/features/writing/offline/forget-writer.ts";
import { clearOfflineCopies } from "#client/lib/offline-copy.ts";
import { getMeQueryOptions, meQueryKey } from "#client/lib/get-me.ts";
import type { Me } from "#shared/schemas/auth.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /settings/account/delete: delete my account (issue 15 item 5). */
function DeleteAccount() {
  useDocumentTitle("Delete my account", "Delete your account and everything in it.");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const onDeleted = async (message: string) => {
    // Nor on this device: its drafts, waiting pieces and the service worker's offline copies go.
    const me = qc.getQueryData<Me | null>(meQueryKey);
    if (me) await forgetWriterOnDevice(me.id).catch(() => undefined);
    await clearOfflineCopies();
    // Nothing of the account stays in this tab (or the others): it is signed out.
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== "config" });
    await qc.fetchQuery(getMeQueryOptions()).catch(() => undefined);
    announceAuthChange();
    toast.success(message, 8000);
    void navigate(paths.home.href(), { replace: true });
  };
  return (
    <SettingsPage title="Delete my account" lead="Everything below happens at once, and cannot be undone. We send one last email to confirm it.">
      <div className="mt-6">
        <DeleteAccountSection onDeleted={(m) => void onDeleted(m)} />
      </div>
    </SettingsPage>
  );
}

export function Component() {
  return (
    <RequireUser>
      <DeleteAccount />
    </RequireUser>
  );
}
