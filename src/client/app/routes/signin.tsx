import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths, safeNext } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { signIn, useAuthMutation } from "#client/features/auth/api/auth-actions.ts";
import { AuthCard } from "#client/features/auth/components/auth-card.tsx";
import { ApiError } from "#client/lib/api-client.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { MESSAGES } from "#shared/errors.ts";

export function Component() {
  useDocumentTitle("Sign in");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mutation = useAuthMutation(signIn);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    if (!email.trim() || !password) {
      setError(MESSAGES.signInRequired);
      return;
    }
    setError(null);
    mutation.mutate(
      { email, password },
      {
        onSuccess: () => navigate(safeNext(params.get("next")), { replace: true }),
        onError: (err) => setError(err instanceof ApiError && err.status > 0 ? err.message : MESSAGES.signInOther),
      },
    );
  };

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back to the club."
      footer={
        <>
          <Link to={paths.forgotPassword.href()} className="text-accent underline underline-offset-4">
            Forgot your password?
          </Link>
          <Link to={paths.register.href(params.get("next") ?? undefined)} className="text-accent underline underline-offset-4">
            Don't have an account? Join the club
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <Button type="submit" variant="primary" className="mt-2" disabled={mutation.isPending}>
          {mutation.isPending ? "Signing in..." : "Sign in"}
        </Button>
      </form>
    </AuthCard>
  );
}
