/**
 * npm run size: what a visitor's first page load costs, from the built client (run `npm run build`
 * first). Counts the entry script, its static imports (modulepreload) and the CSS linked from
 * index.html, gzip level 9, plus the home route's lazy chunk.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const dist = resolve(process.argv[2] ?? "dist/client");
const html = readFileSync(join(dist, "index.html"), "utf8");
const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
let total = 0;
for (const ref of refs) {
  const size = gz(ref);
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB gzip  ${ref}`);
}
const home = readdirSync(join(dist, "assets")).find((f) => /^home-.*\.js$/.test(f));
if (home) {
  const size = gz(`/assets/${home}`);
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB gzip  /assets/${home} (home route, lazy)`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB gzip  first page in total (JS + CSS, fonts excluded)`);
