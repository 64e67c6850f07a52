import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage, LoadingState } from "#client/components/ui/states.tsx";
import { resetPassword } from "#client/features/auth/api/auth-actions.ts";
import { AuthCard } from "#client/features/auth/components/auth-card.tsx";
import { ApiError } from "#client/lib/api-client.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { MESSAGES } from "#shared/errors.ts";
import { MIN_PASSWORD_LENGTH, RESET_REDIRECT_MS } from "#shared/constants.ts";

export function Component() {
  useDocumentTitle("Set a new password");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string; reasons?: string[] } | null>(null);
  const mutation = useMutation({ mutationFn: (v: { token: string; password: string }) => resetPassword(v.token, v.password) });

  // The emailed link lands here with ?token= (valid) or ?error=INVALID_TOKEN (expired or used).
  useEffect(() => {
    const t = params.get("token");
    setToken(!params.get("error") && t && /^[A-Za-z0-9_-]{8,200}$/.test(t) ? t : null);
  }, [params]);

  useEffect(() => {
    if (message?.tone !== "success") return;
    const timer = window.setTimeout(() => navigate(paths.signin.href(), { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [message, navigate]);

  if (token === undefined) return <LoadingState label="Preparing your reset flow..." />;
  if (token === null) {
    return (
      <AuthCard title="Reset link invalid or expired">
        <p className="text-muted">Please request a new password reset link.</p>
        <Link to={paths.forgotPassword.href()} className="mt-6 inline-flex min-h-11 items-center rounded-md bg-accent px-5 font-medium text-accent-ink">
          Request new link
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending || message?.tone === "success") return;
    if (!password || !confirm) return setMessage({ tone: "error", text: MESSAGES.resetBothRequired });
    if (password !== confirm) return setMessage({ tone: "error", text: MESSAGES.resetMismatch });
    if (password.length < MIN_PASSWORD_LENGTH) return setMessage({ tone: "error", text: MESSAGES.resetTooShort });
    setMessage(null);
    mutation.mutate(
      { token, password },
      {
        onSuccess: () => setMessage({ tone: "success", text: MESSAGES.resetSuccess }),
        onError: (err) => {
          const reasons = err instanceof ApiError && err.code === "weak_password" ? err.issues?.map((i) => i.message) : undefined;
          const own = err instanceof ApiError && (err.code === "weak_password" || err.isRateLimited);
          setMessage({ tone: "error", text: own ? err.message : MESSAGES.resetFailed, reasons: reasons && reasons.length > 1 ? reasons : undefined });
        },
      },
    );
  };

  return (
    <AuthCard title="Set a new password" footer={<Link to={paths.forgotPassword.href()} className="text-accent underline underline-offset-4">Request a new link</Link>}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label="New password" name="new-password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <Field label="Confirm new password" name="confirm-password" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        {message && (
          <FormMessage tone={message.tone}>
            {message.text}
            {message.reasons && (
              <ul className="mt-1 list-disc pl-5">
                {message.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            )}
          </FormMessage>
        )}
        <Button type="submit" variant="primary" disabled={mutation.isPending || message?.tone === "success"}>
          {mutation.isPending ? "Updating..." : "Update password"}
        </Button>
      </form>
    </AuthCard>
  );
}
