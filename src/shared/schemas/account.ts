import { z } from "zod";
import { isoTime } from "./common.ts";
import { emailAddress } from "./auth.ts";

/** Account settings (issue 15 item 4): change email, change password, signed-in devices. */

/** The newest sessions the devices list shows; "Sign out everywhere else" ends the rest too. */
export const DEVICES_LIST_MAX = 50;

export const ACCOUNT_MESSAGES = {
  emailRequired: "Please enter your new email",
  emailSame: "That is already your email",
  /** The same fact sign-up tells anyone who types the address (MESSAGES.emailTaken), said for this form. */
  emailTaken: "An account with this email already exists. Please use another address.",
  emailSent: "Check your new inbox: we sent a link there. Your email changes when you follow it.",
  emailChanged: "Your email has been changed.",
  emailLinkFailed: "That link is invalid or has expired. Please ask for a new one.",
  currentPasswordRequired: "Please enter your current password",
  newPasswordRequired: "Please enter a new password",
  wrongCurrentPassword: "That is not your current password.",
  passwordChanged: "Your password has been changed. Every other device has been signed out.",
  sessionNotFound: "That device is already signed out.",
  thisSession: "This is the device you are using: sign out from the menu instead.",
  otherSessionsEnded: "Every other device has been signed out.",
  loginToManage: "You must be logged in to manage your account",
  /** Issue 24 item 3: the confirmation email, sent again. */
  confirmationSent: "We sent the confirmation email again. Follow its link to confirm your address.",
  alreadyConfirmed: "Your email is already confirmed.",
  emailConfirmed: "Your email is confirmed.",
} as const;

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
