import { useId, useState, type FormEvent } from "react";
import { MIN_PASSWORD_LENGTH } from "#shared/constants.ts";
import { MESSAGES } from "#shared/errors.ts";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useChangePassword } from "../api/account.ts";

type Message = { tone: "error" | "success"; text: string };

/** The client's mirror of the server's first checks (spec §5 wording); the server decides. */
export function passwordFormProblem(current: string, next: string, confirm: string): string | null {
  if (!current) return ACCOUNT_MESSAGES.currentPasswordRequired;
  if (!next || !confirm) return MESSAGES.resetBothRequired;
  if (next !== confirm) return MESSAGES.resetMismatch;
  if (next.length < MIN_PASSWORD_LENGTH) return MESSAGES.resetTooShort;
  return null;
}

/** Change password: the current one required; every other device is signed out, this one stays. */
export function ChangePasswordForm() {
  const headingId = useId();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [message, setMessage] = useState<Message | null>(null);
  const change = useChangePassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (change.isPending) return;
    const problem = passwordFormProblem(current, next, confirm);
    if (problem) return setMessage({ tone: "error", text: problem });
    setMessage(null);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent("");
          setNext("");
          setConfirm("");
          setMessage({ tone: "success", text: ACCOUNT_MESSAGES.passwordChanged });
        },
        // A weak password's message names every reason ("Password is too weak: …"); a wrong current one says so.
        onError: (err) => setMessage({ tone: "error", text: errorMessage(err) }),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="font-serif text-2xl">
        Password
      </h2>
      <p className="mt-2 text-muted">Changing it signs you out on every other device.</p>
      <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
        <Field label="Current password" name="current-password" type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
        <Field
          label="New password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <Field label="Confirm new password" name="confirm-password" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={change.isPending}>
            {change.isPending ? "Updating..." : "Update password"}
          </Button>
        </div>
      </form>
    </section>
  );
}
