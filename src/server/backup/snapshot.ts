import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { z } from "zod";

/*
 * One backup is one file (decision 015): a zip holding
 *   manifest.json     what it is (engine, when, migration level, app version)
 *   database.tar.gz   the embedded database: PGlite's data directory (dumpDataDir)
 *   database.pgdump   or PostgreSQL: a `pg_dump --format=custom` dump
 *   auth-secret       DATA_DIR/auth-secret when the server generated one (sessions, signed links)
 * A zip because fflate (already a dependency) writes and reads it, and any operator can open it.
 */

export const SNAPSHOT_FORMAT = "inkwell-backup";

const manifestSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(1),
  engine: z.enum(["pglite", "postgres"]),
  createdAt: z.string(),
  /** Migrations applied to the database when it was copied. */
  migrations: z.number().int().min(0),
  appVersion: z.string().nullable(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export interface Snapshot {
  manifest: Manifest;
  database: Uint8Array;
  authSecret: string | null;
}

const databaseEntry = (engine: Manifest["engine"]) => (engine === "pglite" ? "database.tar.gz" : "database.pgdump");

export function packSnapshot(s: Snapshot): Uint8Array {
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    "manifest.json": strToU8(`${JSON.stringify(s.manifest, null, 2)}\n`),
    // Already compressed (gzip, or pg_dump's own): stored as it is.
    [databaseEntry(s.manifest.engine)]: [s.database, { level: 0 }],
  };
  if (s.authSecret) files["auth-secret"] = strToU8(`${s.authSecret}\n`);
  return zipSync(files, { level: 6 });
}

export class SnapshotError extends Error {}

export function unpackSnapshot(bytes: Uint8Array, name: string): Snapshot {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new SnapshotError(`${name} is not an inkwell backup (not a zip file).`);
  }
  const raw = files["manifest.json"];
  let parsed: unknown = null;
  try {
    parsed = raw ? JSON.parse(strFromU8(raw)) : null;
  } catch {
    /* reported below */
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new SnapshotError(`${name} is not an inkwell backup (no readable manifest.json).`);
  const database = files[databaseEntry(manifest.data.engine)];
  if (!database) throw new SnapshotError(`${name} is incomplete: ${databaseEntry(manifest.data.engine)} is missing.`);
  const secret = files["auth-secret"];
  return { manifest: manifest.data, database, authSecret: secret ? strFromU8(secret).trim() : null };
}

/** A file name that sorts by time: inkwell-2026-11-27T16-58-03Z.zip (with a label: -before-migrations). */
export function snapshotFileName(at: Date, label?: string): string {
  const stamp = at.toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-");
  return `inkwell-${stamp}${label ? `-${label}` : ""}.zip`;
}
