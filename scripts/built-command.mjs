/**
 * Runs one of the server's commands from its build (SERVER_DIST_DIR/NAME.js, built with the server
 * by scripts/build.mjs), building it first when missing or stale, so the command works on a
 * production install (plain node, no TypeScript) as on a checkout.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildDirs, ensureBuilt, root } from "./build.mjs";

export async function runBuilt(name) {
  const dirs = buildDirs();
  try {
    ensureBuilt(dirs, ["server"]);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  process.chdir(root);
  await import(pathToFileURL(join(dirs.server, `${name}.js`)).href);
}
