/**
 * npm run size: what a visitor's first page load costs, from the built client (run `npm run build`
 * first). For each public page: the entry script and its static imports (modulepreload), the
 * page's route chunk and everything it imports (from the build's manifest, as the server preloads
 * them), and the CSS, gzip level 9; then the fonts index.html preloads. Budget: JS <= 100 KB gzip.
 */
import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chunkFiles, type Manifest } from "../src/server/http/ssr.ts";

const dist = resolve(process.argv[2] ?? "dist/client");
const html = readFileSync(join(dist, "index.html"), "utf8");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} KB`;

const shell = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const fonts = [...html.matchAll(/rel="preload" href="\/(assets\/[^"]+\.woff2)"/g)].map((m) => m[1]!);

const routeFiles = (module: string) => chunkFiles(manifest, [module]).filter((f) => !shell.includes(f));

console.log("The shell (every page):");
for (const f of shell) console.log(`${kb(gz(f))} gzip  /${f}`);
for (const f of fonts) console.log(`${kb(statSync(join(dist, f)).size)}       /${f} (preloaded font)`);
const shellJs = shell.filter((f) => f.endsWith(".js")).reduce((n, f) => n + gz(f), 0);
const css = shell.filter((f) => f.endsWith(".css")).reduce((n, f) => n + gz(f), 0);
console.log("\nFirst page, by route (JS gzip: shell + route chunks; CSS apart):");
for (const [name, module] of [
  ["/", "src/client/app/routes/home.tsx"],
  ["/community", "src/client/app/routes/community.tsx"],
  ["/submission/{id}", "src/client/app/routes/submission.tsx"],
  ["/podium", "src/client/app/routes/podium.tsx"],
] as const) {
  const route = routeFiles(module).reduce((n, f) => n + gz(f), 0);
  const js = shellJs + route;
  console.log(`${kb(js)} JS  ${kb(css)} CSS  ${name}${js > 100 * 1024 ? "  (over the 100 KB budget)" : ""}`);
}

// Issue 16: the writing calendar's libraries (react-activity-calendar, recharts) load only when
// shown, never with /profile's or /profile/stats' first chunks (their class names mark them).
console.log("\nThe writing calendar's libraries, out of the profile's first chunks:");
for (const module of ["src/client/app/routes/profile.tsx", "src/client/app/routes/profile-stats.tsx"]) {
  const leaks = chunkFiles(manifest, [module]).filter((f) => f.endsWith(".js") && /react-activity-calendar|recharts-wrapper/.test(readFileSync(join(dist, f), "utf8")));
  console.log(`${leaks.length ? "LEAK" : "ok"}  ${module}${leaks.length ? `: ${leaks.join(", ")}` : ""}`);
  if (leaks.length) process.exitCode = 1;
}
