/**
 * npm run admin -- grant EMAIL | revoke EMAIL | list: the built admin command (scripts/admin.ts,
 * built into SERVER_DIST_DIR/admin.js with the server), so it works on a production install too.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildDirs, ensureBuilt, root } from "./build.mjs";

const dirs = buildDirs();
try {
  ensureBuilt(dirs, ["server"]);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
process.chdir(root);
await import(pathToFileURL(join(dirs.server, "admin.js")).href);
