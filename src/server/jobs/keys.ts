import { createHash } from "node:crypto";

/**
 * The job id of a keyed job: the same key always gives the same UUID, so a second send of
 * "weekly:2026-11-29:<writer>" (another instance, a restart, a retried tick) inserts nothing
 * while the first job is kept.
 */
export function jobIdForKey(key: string): string {
  const hex = createHash("sha256").update(`inkwell-job:${key}`).digest("hex");
  // Shaped as a version-8 (custom) UUID, variant 10xx.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
