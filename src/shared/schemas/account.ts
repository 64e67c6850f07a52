import { z } from "zod";
import { isoTime } from "./common.ts";
import { emailAddress } from "./auth.ts";
import { ACCOUNT_MESSAGES } from "../domain/account-messages.ts";

/** Account settings (issue 15 item 4): change email, change password, signed-in devices. */

/** The newest sessions the devices list shows; "Sign out everywhere else" ends the rest too. */
export const DEVICES_LIST_MAX = 50;

export { ACCOUNT_MESSAGES };

export const changeEmailInput = z.object({
  newEmail: z.string({ error: ACCOUNT_MESSAGES.emailRequired }).trim().min(1, ACCOUNT_MESSAGES.emailRequired).toLowerCase().pipe(emailAddress),
});
export type ChangeEmailInput = z.input<typeof changeEmailInput>;

export const changeEmailResponse = z.object({ sentTo: z.string() });

/** POST /api/me/confirmation-email: the address the confirmation email went to again. */
export const confirmationEmailResponse = z.object({ sentTo: z.string() });

export const changePasswordInput = z.object({
  currentPassword: z.string({ error: ACCOUNT_MESSAGES.currentPasswordRequired }).min(1, ACCOUNT_MESSAGES.currentPasswordRequired),
  newPassword: z.string({ error: ACCOUNT_MESSAGES.newPasswordRequired }).min(1, ACCOUNT_MESSAGES.newPasswordRequired),
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

export const changePasswordResponse = z.object({ changed: z.literal(true) });

/** One signed-in device as its owner sees it: never the session token, never the address. */
export const deviceOutput = z.object({
  id: z.string(),
  /** "Chrome on Linux", from the user agent (shared/domain/device.ts). */
  device: z.string(),
  signedInAt: isoTime,
  lastActiveAt: isoTime,
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceOutput>;

export const devicesResponse = z.object({ devices: z.array(deviceOutput), more: z.number().int() });
export type DevicesResponse = z.infer<typeof devicesResponse>;

export const signedOutResponse = z.object({ signedOut: z.number().int() });
