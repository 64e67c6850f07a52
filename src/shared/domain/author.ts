/*
 * Who a signature reveals — decided here, once. Every place that shows a piece's author or a
 * commenter (feed, piece page, meta tags, OG image, podium, admin lists, comments) takes its
 * label from these functions, or, in SQL, from server/db/author-label.ts, which is built from
 * the same constants and tested against these functions.
 *
 * A piece keeps the signature it was published with: an alias-signed piece is labelled with the
 * alias stored on it at publish (`submissions.author_alias`), never the writer's alias of today,
 * so changing or removing one's alias re-signs nothing already published. A name-signed piece
 * follows the registered name (a correction of one's own name shows everywhere).
 */

/** How a piece is signed (spec §3 submission_type). */
export type Signature = "name" | "alias" | "anonymous";
export const SIGNATURES = ["name", "alias", "anonymous"] as const satisfies readonly Signature[];

/** The label of a piece that reveals no one. */
export const ANONYMOUS_LABEL = "Anonymous";
/** The label of a writer whose registered name is blank (spec §3: the default name). */
export const NAMELESS_LABEL = "Writer";

/** A registered name as shown, or "Writer" when it is blank. */
export function displayName(name: string | null | undefined): string {
  return (name ?? "").trim() || NAMELESS_LABEL;
}

/**
 * The author label others see. It carries only what the signature allows: an alias-signed or
 * anonymous piece never reveals the registered name. `alias` is the alias stored on the piece;
 * an alias-signed piece without one (published before aliases were stored, by a writer who had
 * none left) is "Anonymous", and stays so whatever alias its writer takes later.
 */
export function authorLabel(signature: Signature, name: string | null | undefined, alias: string | null | undefined): string {
  if (signature === "name") return displayName(name);
  if (signature === "alias") return (alias ?? "").trim() || ANONYMOUS_LABEL;
  return ANONYMOUS_LABEL;
}

/**
 * A commenter's label: the piece's own writer is labelled exactly as the piece is (its signature
 * and stored alias), so answering a comment never unmasks an anonymous piece, ties a name to an
 * alias, nor ties an old alias to a new one; anyone else by their alias of today if they have
 * one, else their registered name.
 */
export function commenterLabel(
  commenter: { name: string | null; alias: string | null },
  piece: { isWriter: boolean; signature: Signature; alias: string | null },
): string {
  if (piece.isWriter) return authorLabel(piece.signature, commenter.name, piece.alias);
  return (commenter.alias ?? "").trim() || displayName(commenter.name);
}
