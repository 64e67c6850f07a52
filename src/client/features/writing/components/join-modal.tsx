import { useId } from "react";
import { paths } from "#client/config/paths.ts";
import type { WritingAction, WritingPage } from "#shared/domain/writing-session.ts";
import { LinkButton } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";

/** Shown to a visitor who presses publish or save (spec §2 /freewrite). The backdrop closes it. */
export function JoinModal({ action, page, onClose }: { action: WritingAction | null; page: WritingPage; onClose: () => void }) {
  const noteId = useId();
  const back = page === "freewrite" ? paths.freewrite.href() : paths.write.href();
  return (
    <Dialog
      open={action !== null}
      onClose={onClose}
      describedBy={noteId}
      title={
        action === "save"
          ? "Join our community to save your work and start building your portfolio :)"
          : "Join our community to publish your work and start building your portfolio :)"
      }
    >
      <p id={noteId} className="text-muted">
        Your writing will be preserved when you sign up.
      </p>
      <div className="mt-6 flex flex-wrap items-center justify-end gap-3">
        <LinkButton to={paths.signin.href(back)} variant="text">
          sign in
        </LinkButton>
        <LinkButton to={paths.register.href(back)} variant="primary" className="lowercase">
          create account
        </LinkButton>
      </div>
    </Dialog>
  );
}
