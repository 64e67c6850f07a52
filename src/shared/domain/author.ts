/** How a piece is signed (spec §3 submission_type). */
export type Signature = "name" | "alias" | "anonymous";

/**
 * The author label others see. It carries only what the signature allows: an alias-signed or
 * anonymous piece never reveals the registered name.
 */
export function authorLabel(signature: Signature, name: string | null | undefined, alias: string | null | undefined): string {
  if (signature === "name") return (name ?? "").trim() || "Writer";
  if (signature === "alias") return (alias ?? "").trim() || "Anonymous";
  return "Anonymous";
}
