import { z } from "zod";
import { isMonth } from "../domain/months.ts";
import { isoDate, uuidSchema } from "./common.ts";

/** A month's collection shows at most this many pieces (a month holds a few hundred at most). */
export const COLLECTION_MAX_PIECES = 400;

export const COLLECTION_MESSAGES = {
  signIn: "Please sign in to read your collection.",
  badMonth: "That is not a month: use YYYY-MM, like 2026-11.",
  badFormat: "Choose a download format: md or epub.",
} as const;

/** The month in a collection's address ("2026-11"). */
export const collectionParam = z.object({
  month: z.string().refine(isMonth, COLLECTION_MESSAGES.badMonth),
});

export const collectionDownloadQuery = z.object({
  format: z.enum(["md", "epub"], { error: COLLECTION_MESSAGES.badFormat }),
});

export const collectionPiece = z.object({
  id: uuidSchema,
  /** The piece's name: its title, else its prompt on one line, else "Untitled". */
  name: z.string(),
  /** The prompt on one line, when the piece has a title of its own (else null). */
  prompt: z.string().nullable(),
  /** The writer's own calendar date of the piece. */
  date: isoDate,
  /** The writer's current version (their private edits included). */
  content: z.string(),
  wordCount: z.number().int().nonnegative(),
  pages: z.number().nonnegative(),
  isPrivate: z.boolean(),
});
export type CollectionPiece = z.infer<typeof collectionPiece>;

export const collectionResponse = z.object({
  month: z.string(),
  /** "November 2026" */
  label: z.string(),
  pieces: z.array(collectionPiece),
  /** Pieces of the month not shown (beyond COLLECTION_MAX_PIECES). */
  more: z.number().int().nonnegative(),
  wordCount: z.number().int().nonnegative(),
  pages: z.number().nonnegative(),
});
export type CollectionResponse = z.infer<typeof collectionResponse>;
