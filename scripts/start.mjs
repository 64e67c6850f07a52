/**
 * npm start: builds what is missing or older than its sources (scripts/build.mjs), then runs the
 * built server (SERVER_DIST_DIR/index.js) in this process with plain `node`: the app and the API
 * on one port (PORT, default 3000), with the embedded database by default.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildDirs, ensureBuilt, root } from "./build.mjs";

const dirs = buildDirs();
try {
  ensureBuilt(dirs);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
process.env.NODE_ENV ??= "production";
process.chdir(root);
await import(pathToFileURL(join(dirs.server, "index.js")).href);
