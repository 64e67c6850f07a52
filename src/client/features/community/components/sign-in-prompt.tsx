import { Link } from "react-router";
import { paths } from "#client/config/paths.ts";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { buttonClass } from "#client/components/ui/button.tsx";

/** What a visitor sees when they try to like or comment: the spec's sentence and the way in. */
export function SignInPrompt({ message, open, onClose, next }: { message: string; open: boolean; onClose: () => void; next: string }) {
  return (
    <Dialog open={open} onClose={onClose} title="Join the conversation">
      <p className="text-muted">{message}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Link to={paths.register.href(next)} className={buttonClass("text")}>
          create account
        </Link>
        <Link to={paths.signin.href(next)} className={buttonClass("primary", "lowercase")}>
          sign in
        </Link>
      </div>
    </Dialog>
  );
}
