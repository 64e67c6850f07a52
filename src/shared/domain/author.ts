/*
 * Who a signature reveals — decided here, once. Every place that shows a piece's author or a
 * commenter (feed, piece page, meta tags, OG image, podium, admin lists, comments) takes its
 * label from these functions, or, in SQL, from server/db/author-label.ts, which is built from
 * the same constants and tested against these functions.
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
 * anonymous piece never reveals the registered name.
 */
export function authorLabel(signature: Signature, name: string | null | undefined, alias: string | null | undefined): string {
  if (signature === "name") return displayName(name);
  if (signature === "alias") return (alias ?? "").trim() || ANONYMOUS_LABEL;
  return ANONYMOUS_LABEL;
}

/**
 * A commenter's label: the piece's own writer is labelled as the piece is signed (so answering
 * a comment never unmasks an anonymous piece nor ties a name to an alias); anyone else by their
 * alias if they have one, else their registered name.
 */
export function commenterLabel(
  commenter: { name: string | null; alias: string | null },
  piece: { isWriter: boolean; signature: Signature },
): string {
  if (piece.isWriter) return authorLabel(piece.signature, commenter.name, commenter.alias);
  return (commenter.alias ?? "").trim() || displayName(commenter.name);
}
