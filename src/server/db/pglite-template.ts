import { PGlite } from "@electric-sql/pglite";

/**
 * A new embedded database from a template (issue 26 item 1): PGlite's initdb runs a second
 * PostgreSQL and the initdb program beside the one being opened, three WebAssembly memories at once
 * (a 900 MB peak on a fresh install, much of it still resident afterwards). The build runs it once
 * (vite.server.config.ts) and keeps its output beside the built server; a first start there unpacks
 * it instead (embedded-worker.ts). From the sources (tests, `npm run dev`) there is no template and
 * PGlite runs initdb itself. The template is initdb's output only: the migrations still run at
 * start, as on any start.
 */
export const TEMPLATE_FILE = "pgdata-template.tar.gz";

/** PGlite's initdb output (PGDATA) as a gzipped tarball. */
export async function makeDatabaseTemplate(): Promise<Uint8Array> {
  const db = await PGlite.create();
  try {
    const tarball = await db.dumpDataDir("gzip");
    return new Uint8Array(await tarball.arrayBuffer());
  } finally {
    await db.close();
  }
}
