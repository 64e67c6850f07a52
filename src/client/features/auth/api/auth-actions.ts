import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, browserTimeZone, callOptions, unwrap } from "#client/lib/api-client.ts";
import { getMeQueryOptions } from "#client/lib/get-me.ts";
import { clearOfflineCopies } from "#client/lib/offline-copy.ts";

/** Tabs tell each other when the session changes (sessions are cookies shared by all tabs). */
const CHANNEL = "inkwell-auth";

export function announceAuthChange(): void {
  try {
    const bc = new BroadcastChannel(CHANNEL);
    bc.postMessage({ type: "auth-changed", at: Date.now() });
    bc.close();
  } catch {
    /* BroadcastChannel missing: other tabs catch up on their next request */
  }
}

export function listenForAuthChanges(queryClient: QueryClient): () => void {
  let bc: BroadcastChannel;
  try {
    bc = new BroadcastChannel(CHANNEL);
  } catch {
    return () => undefined;
  }
  bc.onmessage = () => {
    // Everything cached may belong to the previous session.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "config" && q.queryKey[0] !== "me" });
    void queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey });
  };
  return () => bc.close();
}

export interface RegisterValues {
  name: string;
  alias: string;
  email: string;
  password: string;
  age: string;
  location: string;
}

/** Sign-up, sign-in and the reset e-mail wait longer than the default 10 s. */
const AUTH_TIMEOUT_MS = 15_000;
const slow = () => callOptions({ timeoutMs: AUTH_TIMEOUT_MS });

export const signUp = (v: RegisterValues) =>
  unwrap(
    api.api.auth["sign-up"].email.$post(
      {
        json: {
          name: v.name,
          alias: v.alias || null,
          email: v.email,
          password: v.password,
          age: v.age === "" ? null : v.age,
          location: v.location || null,
          timeZone: browserTimeZone(),
          callbackURL: "/welcome-back",
        },
      },
      slow(),
    ),
  );

export const signIn = (v: { email: string; password: string }) =>
  unwrap(api.api.auth["sign-in"].email.$post({ json: { email: v.email, password: v.password, rememberMe: true } }, slow()));

export const signOut = () => unwrap(api.api.auth["sign-out"].$post({ json: {} }));

export const requestPasswordReset = (email: string) =>
  unwrap(api.api.auth["request-password-reset"].$post({ json: { email, redirectTo: "/reset-password" } }, slow()));

export const resetPassword = (token: string, newPassword: string) => unwrap(api.api.auth["reset-password"].$post({ json: { token, newPassword } }, slow()));

/** Runs an auth call, then refreshes who is signed in here and in every other tab. */
export function useAuthMutation<V>(fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      // Drop everything that belonged to the previous session, then learn who is here now.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "config" });
      await clearOfflineCopies();
      await queryClient.fetchQuery(getMeQueryOptions()).catch(() => undefined);
      announceAuthChange();
    },
  });
}
