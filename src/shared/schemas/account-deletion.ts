import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "../constants.ts";

/*
 * Deleting one's account (issue 15 item 5): what would go, the writer's choice for their public
 * pieces, and the password that confirms it.
 */

/** What happens to the writer's public pieces: gone for good, or kept as "Anonymous" (with their comments). */
export const PUBLIC_PIECES_CHOICES = ["delete", "keep-anonymous"] as const;
export type PublicPiecesChoice = (typeof PUBLIC_PIECES_CHOICES)[number];

export const ACCOUNT_DELETION_MESSAGES = {
  loginRequired: "You must be signed in to delete your account",
  passwordRequired: "Enter your password to confirm",
  wrongPassword: "That password is not right. Your account has not been deleted.",
  chooseWhatHappens: "Choose what happens to your public pieces",
  lastAdmin: "You're the only admin. Make someone else an admin first, then delete your account.",
  deleted: "Your account has been deleted. We sent a confirmation to your email address.",
} as const;

/** GET /api/me/account/deletion-preview: what deleting the account would touch. */
export const deletionPreview = z.object({
  publicPieces: z.number().int(),
  privatePieces: z.number().int(),
  comments: z.number().int(),
  likes: z.number().int(),
  /** The writer is the only admin: deleting is refused until someone else is one. */
  lastAdmin: z.boolean(),
});
export type DeletionPreview = z.infer<typeof deletionPreview>;

/** POST /api/me/account/delete. */
export const deleteAccountInput = z.object({
  password: z.string({ error: ACCOUNT_DELETION_MESSAGES.passwordRequired }).min(1, ACCOUNT_DELETION_MESSAGES.passwordRequired).max(MAX_PASSWORD_LENGTH, ACCOUNT_DELETION_MESSAGES.wrongPassword),
  publicPieces: z.enum(PUBLIC_PIECES_CHOICES, { error: ACCOUNT_DELETION_MESSAGES.chooseWhatHappens }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

export const deleteAccountResult = z.object({ message: z.string() });
export type DeleteAccountResult = z.infer<typeof deleteAccountResult>;
