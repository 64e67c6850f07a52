import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { requestPasswordReset } from "#client/features/auth/api/auth-actions.ts";
import { AuthCard } from "#client/features/auth/components/auth-card.tsx";
import { ApiError } from "#client/lib/api-client.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { MESSAGES } from "#shared/errors.ts";

export function Component() {
  useDocumentTitle("Forgot password");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    if (!email.trim()) {
      setMessage({ tone: "error", text: MESSAGES.forgotRequired });
      return;
    }
    setMessage(null);
    mutation.mutate(email.trim(), {
      onSuccess: () => setMessage({ tone: "success", text: MESSAGES.forgotSuccess }),
      onError: (err) =>
        setMessage({ tone: "error", text: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : err instanceof ApiError && err.code === "send_failed" ? MESSAGES.forgotSendFailed : MESSAGES.forgotUnexpected }),
    });
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to set a new one."
      footer={
        <Link to={paths.signin.href()} className="text-accent underline underline-offset-4">
          Back to sign in
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? "Sending..." : "Send reset link"}
        </Button>
      </form>
    </AuthCard>
  );
}
