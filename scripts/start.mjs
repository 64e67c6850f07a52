/**
 * npm start: builds what is missing or older than its sources (scripts/build.mjs), then runs the
 * built server (SERVER_DIST_DIR/index.js) in this process with plain `node`: the app and the API
 * on one port (PORT, default 3000), with the embedded database by default.
 *
 * On Node 24 with the embedded database, the server runs in a child `node --liftoff-only` instead
 * (signals passed on, its exit code returned): PGlite's WebAssembly on V8's baseline compiler alone,
 * which halves the server's peak memory there (decision 014). V8 takes the flag only on the command
 * line: it freezes its flags once it runs.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildDirs, ensureBuilt, root } from "./build.mjs";
import { wasmFlags } from "./wasm-flags.mjs";

const missing = wasmFlags(process).filter((flag) => !process.execArgv.includes(flag));
if (missing.length > 0) {
  const child = spawn(process.execPath, [...process.execArgv, ...missing, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
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
}
