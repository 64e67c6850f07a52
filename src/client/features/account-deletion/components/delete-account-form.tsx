import { useState } from "react";
import { ACCOUNT_DELETION_MESSAGES, type DeletionPreview, type PublicPiecesChoice } from "#shared/schemas/account-deletion.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmActions } from "#client/components/ui/confirm-actions.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { ErrorState, FormMessage, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useDeleteAccount, useDeletionPreview } from "../api/account-deletion.ts";
import { plural } from "#shared/domain/format.ts";


const CHOICES: { value: PublicPiecesChoice; label: string; hint: string }[] = [
  { value: "delete", label: "Delete them", hint: "Your public pieces and your comments are deleted for good, with everything else." },
  {
    value: "keep-anonymous",
    label: "Keep them in the community as Anonymous (my comments too)",
    hint: "They stay where they are, signed Anonymous; nothing on them leads back to you, and you can no longer edit or delete them.",
  },
];

/** Settings › Delete my account (issue 15 item 5): the counts first, then the choice and the password. */
export function DeleteAccountSection({ onDeleted }: { onDeleted: (message: string) => void }) {
  const preview = useDeletionPreview();
  if (preview.isPending) return <LoadingState label="Counting your pieces..." />;
  if (preview.isError) return <ErrorState title="Your account could not be loaded" message={errorMessage(preview.error)} onRetry={() => void preview.refetch()} />;
  return <DeleteAccountForm preview={preview.data} onDeleted={onDeleted} />;
}

function Counts({ preview }: { preview: DeletionPreview }) {
  return (
    <section aria-labelledby="what-goes" className="rounded-lg border border-line bg-card p-4">
      <h2 id="what-goes" className="font-serif text-xl">
        What your account holds
      </h2>
      <ul className="mt-2 list-disc pl-5 text-ink">
        <li>{plural(preview.publicPieces, "public piece", "public pieces")}</li>
        <li>{plural(preview.privatePieces, "private piece", "private pieces")} (always deleted)</li>
        <li>{plural(preview.comments, "comment", "comments")}</li>
        <li>{plural(preview.likes, "like", "likes")} (always taken back)</li>
      </ul>
      <p className="mt-2 text-sm text-muted">Your name, alias, email, email settings, reports, blocks and notifications are deleted too.</p>
    </section>
  );
}

export function DeleteAccountForm({ preview, onDeleted }: { preview: DeletionPreview; onDeleted: (message: string) => void }) {
  const [choice, setChoice] = useState<PublicPiecesChoice | null>(null);
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();

  if (preview.lastAdmin) {
    return (
      <div className="flex flex-col gap-4">
        <Counts preview={preview} />
        <FormMessage tone="error">{ACCOUNT_DELETION_MESSAGES.lastAdmin}</FormMessage>
      </div>
    );
  }

  const ask = () => {
    if (!choice) return setProblem(ACCOUNT_DELETION_MESSAGES.chooseWhatHappens);
    if (!password) return setProblem(ACCOUNT_DELETION_MESSAGES.passwordRequired);
    setProblem(null);
    setConfirming(true);
  };
  const confirm = () => {
    if (!choice) return;
    remove.mutate(
      { password, publicPieces: choice },
      {
        onSuccess: (res) => onDeleted(res.message),
        onError: (err) => {
          setConfirming(false);
          setProblem(errorMessage(err));
        },
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        ask();
      }}
    >
      <Counts preview={preview} />
      <fieldset className="flex flex-col gap-3">
        <legend className="font-medium text-ink">
          What happens to your {plural(preview.publicPieces, "public piece", "public pieces")} and {plural(preview.comments, "comment", "comments")}?
        </legend>
        {CHOICES.map((c) => (
          <div key={c.value} className="flex items-start gap-3 rounded-md border border-line bg-card p-3">
            <input
              id={`public-pieces-${c.value}`}
              type="radio"
              name="public-pieces"
              value={c.value}
              checked={choice === c.value}
              aria-describedby={`public-pieces-${c.value}-hint`}
              onChange={() => {
                setChoice(c.value);
                setProblem(null);
              }}
              className="mt-1 size-5 accent-accent"
            />
            <div>
              <label htmlFor={`public-pieces-${c.value}`} className="font-medium text-ink">
                {c.label}
              </label>
              <p id={`public-pieces-${c.value}-hint`} className="text-sm text-muted">
                {c.hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <Field
        label="Your password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setProblem(null);
        }}
        hint="To be sure it is you."
      />
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <div>
        <Button type="submit" variant="danger" className="w-full sm:w-auto">
          Delete my account
        </Button>
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Delete your account for good?">
        <p className="text-ink">
          {choice === "keep-anonymous"
            ? "Your public pieces and comments stay as Anonymous; everything else is deleted. This cannot be undone."
            : "Your pieces, comments and everything else are deleted. This cannot be undone."}
        </p>
        <ConfirmActions onCancel={() => setConfirming(false)} onConfirm={confirm} busy={remove.isPending} label="delete my account" busyLabel="deleting..." />
      </Dialog>
    </form>
  );
}
