/**
 * npm start: builds the client (and its server renderer, into CLIENT_DIST_DIR-ssr) when the build
 * is missing or older than its sources, then serves
 * the app and the API on one port (PORT, default 3000) with the embedded database by default.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const distDir = resolve(root, process.env.CLIENT_DIST_DIR ?? "dist/client");
const built = join(distDir, "index.html");
const sources = ["src/client", "src/shared", "public", "index.html", "vite.config.ts", "package-lock.json"];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newest(join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "The client build is older than its sources: rebuilding..." : "Building the client (first run)...");
  const vite = (...args: string[]) =>
    spawnSync(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn", ...args], {
      cwd: root,
      stdio: "inherit",
      // Always a production client build, whatever NODE_ENV the server runs with (the e2e server uses "test").
      env: { ...process.env, NODE_ENV: "production" },
    });
  // The renderer first: index.html is written last, and its age is what says the build is current.
  for (const result of [vite("--ssr", "src/client/ssr/entry-server.tsx", "--outDir", `${distDir}-ssr`), vite("--outDir", distDir)]) {
    if (result.status !== 0) {
      console.error("The client build failed; see above.");
      process.exit(result.status ?? 1);
    }
  }
}

process.env.NODE_ENV ??= "production";
process.chdir(root);
await import("../src/server/index.ts");
