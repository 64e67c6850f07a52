import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangeEmailInput, ChangePasswordInput } from "#shared/schemas/account.ts";
import { api, ApiError, unwrap } from "#client/lib/api-client.ts";
import { meQueryKey } from "#client/lib/get-me.ts";

/** Query keys of the account feature. */
export const accountKeys = { devices: ["account", "devices"] as const };

export const getDevices = () => unwrap(api.api.me.sessions.$get());

export const getDevicesQueryOptions = () => queryOptions({ queryKey: accountKeys.devices, queryFn: getDevices });

/** The writer's signed-in devices, this one first. */
export const useDevices = () => useQuery(getDevicesQueryOptions());

export const signOutDevice = (id: string) => unwrap(api.api.me.sessions[":id"].$delete({ param: { id } }));
export const signOutOtherDevices = () => unwrap(api.api.me.sessions["sign-out-others"].$post());

/** Signs one device (or every other one) out; the list is read again. */
export function useSignOutDevices() {
  const qc = useQueryClient();
  const onSettled = () => void qc.invalidateQueries({ queryKey: accountKeys.devices });
  return {
    one: useMutation({ mutationFn: signOutDevice, onSettled }),
    others: useMutation({ mutationFn: signOutOtherDevices, onSettled }),
  };
}

export const changeEmail = (input: ChangeEmailInput) => unwrap(api.api.me.email.$post({ json: input }));
export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });

export const changePassword = (input: ChangePasswordInput) => unwrap(api.api.me.password.$post({ json: input }));

/** Changes the password: every other device is signed out, so the list is read again. */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => void qc.invalidateQueries({ queryKey: accountKeys.devices }) });
}

export const resendConfirmation = () => unwrap(api.api.me["confirmation-email"].$post());

/**
 * Sends the confirmation email again. Already confirmed (in another tab, or by the link just now):
 * the writer is read again, and the notice asking for it goes.
 */
export function useResendConfirmation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resendConfirmation,
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
