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
  // An IPC channel: if this process is killed outright (SIGKILL), the server hears it close and stops.
  const child = spawn(process.execPath, [...process.execArgv, ...missing, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: { ...process.env, INKWELL_START_WRAPPED: "1" },
  });
  const passed = ["SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR2"];
  for (const signal of passed) process.on(signal, () => child.kill(signal));
  child.on("error", (err) => {
    console.error(`the server could not start: ${err.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    if (code !== null) process.exit(code);
    // Ended by a signal: end the same way, so a supervisor reads what happened.
    for (const s of passed) process.removeAllListeners(s);
    process.kill(process.pid, signal ?? "SIGTERM");
  });
} else {
  const dirs = buildDirs();
  try {
    ensureBuilt(dirs);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  if (process.env.INKWELL_START_WRAPPED === "1" && process.send) {
    // Started by the lines above: stop when the process that started us is gone.
    process.channel?.unref();
    process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
  }
  process.env.NODE_ENV ??= "production";
  process.chdir(root);
  await import(pathToFileURL(join(dirs.server, "index.js")).href);
}
