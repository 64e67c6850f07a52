import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths, safeNext } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Field } from "#client/components/ui/field.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { signUp, useAuthMutation, type RegisterValues } from "#client/features/auth/api/auth-actions.ts";
import { AuthCard } from "#client/features/auth/components/auth-card.tsx";
import { ApiError } from "#client/lib/api-client.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { MESSAGES } from "#shared/errors.ts";

export function Component() {
  useDocumentTitle("Join the club", "Create your account and start writing: one prompt, ten minutes a day.");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<RegisterValues>({ name: "", alias: "", email: "", password: "", age: "", location: "" });
  const [error, setError] = useState<{ message: string; reasons?: string[] } | null>(null);
  const inFlight = useRef(false);
  const mutation = useAuthMutation(signUp);
  const set = (k: keyof RegisterValues) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return; // a repeat submission while in progress is ignored
    if (!values.name.trim() || !values.email.trim() || !values.password) {
      setError({ message: MESSAGES.signUpRequired });
      return;
    }
    setError(null);
    inFlight.current = true;
    mutation.mutate(values, {
      onSuccess: () => navigate(safeNext(params.get("next")), { replace: true }),
      onError: (err) => {
        if (err instanceof ApiError && err.status > 0 && err.status < 500) {
          const reasons = err.code === "weak_password" ? err.issues?.map((i) => i.message) : undefined;
          setError({ message: err.code === "weak_password" && reasons && reasons.length > 1 ? "Please choose a stronger password:" : err.message, reasons: reasons && reasons.length > 1 ? reasons : undefined });
        } else setError({ message: err instanceof ApiError && err.code === "network" ? err.message : MESSAGES.registrationUnexpected });
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  return (
    <AuthCard
      title="Join the club"
      subtitle="One prompt a day, ten minutes of writing. Your monthly collection and a weekly best-of come with it."
      footer={
        <Link to={paths.signin.href(params.get("next") ?? undefined)} className="text-accent underline underline-offset-4">
          Already have an account? Sign in
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Name" name="name" autoComplete="name" required value={values.name} onChange={set("name")} />
        <Field label="Writer Alias" name="alias" optional hint="A pen name you can sign pieces with." value={values.alias} onChange={set("alias")} />
        <Field label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={set("email")} />
        <Field label="Password" name="password" type="password" autoComplete="new-password" required hint="At least 8 characters." value={values.password} onChange={set("password")} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[7rem_1fr]">
          <Field label="Age" name="age" type="number" inputMode="numeric" min={1} max={130} optional value={values.age} onChange={set("age")} />
          <Field label="Location" name="location" autoComplete="address-level2" optional value={values.location} onChange={set("location")} />
        </div>
        {error && (
          <FormMessage tone="error">
            {error.message}
            {error.reasons && (
              <ul className="mt-1 list-disc pl-5">
                {error.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            )}
          </FormMessage>
        )}
        <Button type="submit" variant="primary" className="mt-2 text-lg lowercase" disabled={mutation.isPending}>
          {mutation.isPending ? "Creating account..." : "write"}
        </Button>
      </form>
    </AuthCard>
  );
}
