import { z } from "zod";
import { MAX_ALIAS_LENGTH, MAX_LOCATION_LENGTH, MAX_NAME_LENGTH } from "../constants.ts";
import { MESSAGES } from "../errors.ts";
import { isoDate } from "./common.ts";

const optionalTrimmed = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** RFC 5321's limits: an address of at most 254 characters, a local part (before the @) of at most 64. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
const withinEmailLimits = (v: string) => v.length <= EMAIL_MAX_LENGTH && v.split("@")[0]!.length <= EMAIL_LOCAL_MAX_LENGTH;
/** A well-formed address within those limits (lower-cased and trimmed before it). */
export const emailAddress = z.email(MESSAGES.invalidEmail).refine(withinEmailLimits, MESSAGES.invalidEmail);

/** Registration (spec §2, §5). Name, email and password required; alias, age, location optional. */
export const signUpInput = z.object({
  name: z.string({ error: MESSAGES.signUpRequired }).trim().min(1, MESSAGES.signUpRequired).max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters`),
  email: z.string({ error: MESSAGES.signUpRequired }).trim().min(1, MESSAGES.signUpRequired).toLowerCase().pipe(emailAddress),
  password: z.string({ error: MESSAGES.signUpRequired }).min(1, MESSAGES.signUpRequired),
  alias: optionalTrimmed(MAX_ALIAS_LENGTH, "Alias"),
  age: z
    .union([z.number(), z.string().trim()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === "") return null;
      const n = typeof v === "number" ? v : Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 130) {
        ctx.addIssue({ code: "custom", message: "Age must be a whole number between 1 and 130" });
        return z.NEVER;
      }
      return n;
    }),
  location: optionalTrimmed(MAX_LOCATION_LENGTH, "Location"),
  timeZone: z.string().max(64).optional(),
  callbackURL: z.string().optional(),
});
export type SignUpInput = z.input<typeof signUpInput>;

export const signInInput = z.object({
  email: z.string({ error: MESSAGES.signInRequired }).trim().min(1, MESSAGES.signInRequired).toLowerCase(),
  password: z.string({ error: MESSAGES.signInRequired }).min(1, MESSAGES.signInRequired),
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().optional(),
});

/** Asking for the confirmation email again while signed out (the answer is the same whoever owns the address). */
export const resendConfirmationInput = z.object({
  email: z.string({ error: MESSAGES.forgotRequired }).trim().min(1, MESSAGES.forgotRequired).toLowerCase().pipe(emailAddress),
});

export const forgotPasswordInput = z.object({
  email: z.string({ error: MESSAGES.forgotRequired }).trim().min(1, MESSAGES.forgotRequired).toLowerCase().pipe(emailAddress),
  redirectTo: z.string().optional(),
});

export const resetPasswordInput = z.object({
  newPassword: z.string({ error: MESSAGES.resetBothRequired }).min(1, MESSAGES.resetBothRequired),
  token: z.string({ error: MESSAGES.resetFailed }).min(1, MESSAGES.resetFailed),
});

/** Sign-out carries an empty JSON body (better-auth wants a JSON content type on every POST with a body). */
export const signOutInput = z.object({});

/** The client user object (spec §3) plus what the app shell needs. */
export const meOutput = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  fullName: z.string(),
  alias: z.string().nullable(),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  timeZone: z.string(),
  currentStreak: z.number(),
  longestStreak: z.number(),
  /** The grace day that saved the streak shown (issue 16), or null: spec's forgivenessDayUsed. */
  forgivenessDayUsed: isoDate.nullable(),
});
export type Me = z.infer<typeof meOutput>;

/** GET /api/me: the signed-in writer, or null for a visitor. */
export const meResponse = z.object({ user: meOutput.nullable() });
