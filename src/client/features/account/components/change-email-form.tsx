import { useId, useState, type FormEvent } from "react";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { ApiError, errorMessage } from "#client/lib/api-client.ts";
import { useChangeEmail } from "../api/account.ts";

/** Change email: a link goes to the new address; the email changes when it is followed (the old address is told). */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const headingId = useId();
  const [newEmail, setNewEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const change = useChangeEmail();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (change.isPending) return;
    setMessage(null);
    if (!newEmail.trim()) return setFieldError(ACCOUNT_MESSAGES.emailRequired);
    setFieldError(undefined);
    change.mutate(
      { newEmail },
      {
        onSuccess: ({ sentTo }) => {
          setNewEmail("");
          setMessage({ tone: "success", text: `${ACCOUNT_MESSAGES.emailSent} (${sentTo})` });
        },
        onError: (err) => {
          const onField = err instanceof ApiError && err.status === 422 ? err.message : undefined;
          if (onField) setFieldError(onField);
          else setMessage({ tone: "error", text: errorMessage(err) });
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="font-serif text-2xl">
        Email
      </h2>
      <p className="mt-2 text-muted [overflow-wrap:anywhere]">
        Your email is <span className="font-medium text-ink">{currentEmail}</span>. We send a link to the new address; your email changes when you follow it, and we tell this address too.
      </p>
      <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
        <Field label="New email" name="new-email" type="email" autoComplete="email" required value={newEmail} error={fieldError} onChange={(e) => setNewEmail(e.target.value)} />
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={change.isPending}>
            {change.isPending ? "Sending..." : "Send confirmation link"}
          </Button>
        </div>
      </form>
    </section>
  );
}
