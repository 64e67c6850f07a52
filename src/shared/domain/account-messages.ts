/**
 * What the account settings say (issue 15 item 4, issue 24 item 3), apart from the zod schemas in
 * schemas/account.ts so that a page showing one of them does not load zod with its first chunks.
 */
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
