import { Dialog } from "#client/components/ui/dialog.tsx";
import { ProfileNameForm } from "./profile-name-form.tsx";

export { ALIAS_KEPT_NOTE, profileUpdateErrorToast } from "./profile-name-form.tsx";

/** The alias editor (bird icon): the name-and-alias form in a dialog, fresh each time it opens. */
export function ProfileEditorDialog({ open, onClose, fullName, alias }: { open: boolean; onClose: () => void; fullName: string; alias: string | null }) {
  return (
    <Dialog open={open} onClose={onClose} title="Your name and alias">
      {open && <ProfileNameForm fullName={fullName} alias={alias} onSaved={onClose} onCancel={onClose} />}
    </Dialog>
  );
}
