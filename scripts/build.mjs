/**
 * npm run build: the client (CLIENT_DIST_DIR, default dist/client), its server renderer
 * (CLIENT_DIST_DIR-ssr) and the server (SERVER_DIST_DIR, default dist/server), all plain
 * JavaScript that `node` runs alone. `ensureBuilt` (npm start, npm run admin) builds only the parts
 * missing or older than their sources.
 *
 * Plain JavaScript on purpose: this runs before anything is built, on a production install too
 * (`npm ci --omit=dev`), where neither tsx nor TypeScript is installed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const root = resolve(import.meta.dirname, "..");

/** Where the three builds go; the end-to-end server points them into .tmp. */
export function buildDirs(env = process.env) {
  const client = resolve(root, env.CLIENT_DIST_DIR ?? "dist/client");
  return { client, ssr: `${client}-ssr`, server: resolve(root, env.SERVER_DIST_DIR ?? "dist/server") };
}

/**
 * Each part: the sources it is built from, and the file whose age says when it was built (the
 * client's index.html is written last; the server's index.js is its entry).
 */
function parts(dirs) {
  return {
    client: {
      sources: ["src/client", "src/shared", "public", "index.html", "vite.config.ts", "package-lock.json"],
      stamp: join(dirs.client, "index.html"),
    },
    server: {
      sources: ["src/server", "src/shared", "scripts/admin.ts", "scripts/copy-to-postgres.ts", "scripts/backup.ts", "vite.server.config.ts", "package-lock.json"],
      stamp: join(dirs.server, "index.js"),
    },
  };
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const vitePath = join(root, "node_modules/vite/bin/vite.js");

function vite(args, env) {
  const result = spawnSync(process.execPath, [vitePath, "build", "--logLevel", "warn", ...args], {
    cwd: root,
    stdio: "inherit",
    // Always a production build, whatever NODE_ENV the server runs with (the e2e server uses "test").
    env: { ...process.env, ...env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`The build failed (vite ${args.join(" ")}); see above.`);
}

/** Builds the named parts (both by default) into `dirs`. */
export function build(dirs = buildDirs(), which = ["client", "server"]) {
  if (which.includes("client")) {
    // The renderer first: index.html is written last, and its age is what says the build is current.
    vite(["--ssr", "src/client/ssr/entry-server.tsx", "--outDir", dirs.ssr]);
    vite(["--outDir", dirs.client]);
  }
  if (which.includes("server")) vite(["-c", "vite.server.config.ts"], { SERVER_DIST_DIR: dirs.server });
}

/**
 * Builds what is missing or older than its sources. Without the build tools (a production
 * install), an existing build is served as it is; a missing one is an error that says what to run.
 */
export function ensureBuilt(dirs = buildDirs(), which = ["client", "server"]) {
  const all = parts(dirs);
  const stale = which.filter((name) => builtAt(all[name].stamp) < Math.max(...all[name].sources.map((s) => newest(join(root, s)))));
  if (stale.length === 0) return;
  const missing = stale.filter((name) => !existsSync(all[name].stamp));
  if (!existsSync(vitePath)) {
    if (missing.length > 0) {
      throw new Error(`The ${missing.join(" and ")} build is missing and the build tools are not installed (a production install): build first with \`npm install && npm run build\`.`);
    }
    console.warn(`The ${stale.join(" and ")} build is older than its sources, and the build tools are not installed: serving the existing build.`);
    return;
  }
  for (const name of stale) {
    console.log(existsSync(all[name].stamp) ? `The ${name} build is older than its sources: rebuilding...` : `Building the ${name} (first run)...`);
    build(dirs, [name]);
  }
}

/** npm run admin / backup: the built command `name`.js, built first when missing or stale. */
export async function runBuiltCommand(name) {
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    build();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
