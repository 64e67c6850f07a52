/** The one error body every API failure answers with. */
export interface ApiErrorBody {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ApiErrorBody).code === "string" &&
    typeof (value as ApiErrorBody).message === "string"
  );
}

/** User-facing messages of the spec (§5, §8), in its exact words. */
export const MESSAGES = {
  signUpRequired: "Name, email, and password are required",
  signInRequired: "Please enter both email and password",
  wrongCredentials: "Incorrect email or password. Please try again.",
  signInOther: "An error occurred during sign in. Please try again.",
  registrationUnexpected: "An unexpected error occurred. Please try again.",
  forgotRequired: "Please enter your email",
  forgotSendFailed: "We could not send a reset email right now. Please try again later.",
  forgotUnexpected: "Something went wrong. Please try again.",
  forgotSuccess: "If that email exists, a password reset link has been sent. Please check your inbox.",
  resetBothRequired: "Please fill out both password fields",
  resetMismatch: "Passwords do not match",
  resetTooShort: "Password must be at least 8 characters",
  resetFailed: "We could not update your password. The link may be invalid or expired.",
  resetSuccess: "Your password has been updated. Redirecting to sign in...",
  emailTaken: "An account with this email already exists. Try signing in instead.",
  invalidEmail: "Please enter a valid email address",
  loginToSubmit: "You must be logged in to submit writing",
  loginToSave: "You must be logged in to save writing",
  loginToLike: "You must be logged in to like submissions",
  loginToEdit: "You must be logged in to edit writing",
  loginToDelete: "You must be logged in to delete writing",
  loginToFeature: "You must be logged in to manage featured submissions",
  notAdmin: "Only admins can do that",
  notFound: "Not found",
} as const;

/**
 * A wait as a person would say it, never shorter than it is: "a second", "30 seconds",
 * "a minute", "7 minutes", "90 minutes", "3 hours". From the same number of seconds as the
 * answer's Retry-After header.
 */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s <= 45) return s === 1 ? "a second" : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 120) return minutes === 1 ? "a minute" : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** Every rate-limited answer (429) says how long to wait: the same seconds as its Retry-After. */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Please wait ${waitText(retryAfterSeconds)} and try again.`;
}
