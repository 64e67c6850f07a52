/**
 * npm run fonts: writes src/client/fonts/ (committed) from the @fontsource packages.
 *
 * Each face is split in two by unicode-range, as font services do: a small "core" file with the
 * characters the app's own words use (printable ASCII and typographic punctuation), which is all
 * a first paint needs, and the rest of the latin set (accents, symbols), which a browser fetches
 * only when a page has such a character (a writer's "café"). fonts.css declares both halves; the
 * core of the face the first screen is set in is preloaded by index.html.
 *
 * Needs the subset-font devDependency (harfbuzz, as WebAssembly).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const out = join(root, "src/client/fonts");
const require = createRequire(join(process.env.TOOLS_DIR ?? root, "package.json"));
const subsetFont = require("subset-font") as (font: Buffer, text: string, opts: { targetFormat: "woff2" }) => Promise<Buffer>;

/** The faces the app sets (styles.css): family, weight, italic. */
const FACES: [family: "literata" | "inter", weight: number, italic: boolean][] = [
  ["literata", 400, false],
  ["literata", 400, true],
  ["literata", 600, false],
  ["literata", 700, false],
  ["inter", 400, false],
  ["inter", 500, false],
  ["inter", 600, false],
];

/** Printable ASCII, and the punctuation the app's words use: ‘ ’ “ ” – — … · • € ™ and the no-break space. */
const CORE_RANGES: [number, number][] = [[0x20, 0x7e], [0xa0, 0xa0], [0xb7, 0xb7], [0x2013, 0x2014], [0x2018, 0x2019], [0x201c, 0x201d], [0x2022, 0x2022], [0x2026, 0x2026]];
/** @fontsource's latin subset (its unicode-range). */
const LATIN_RANGES: [number, number][] = [
  [0x0, 0xff], [0x131, 0x131], [0x152, 0x153], [0x2bb, 0x2bc], [0x2c6, 0x2c6], [0x2da, 0x2da], [0x2dc, 0x2dc], [0x304, 0x304], [0x308, 0x308],
  [0x329, 0x329], [0x2000, 0x206f], [0x20ac, 0x20ac], [0x2122, 0x2122], [0x2191, 0x2191], [0x2193, 0x2193], [0x2212, 0x2212], [0x2215, 0x2215],
  [0xfeff, 0xfeff], [0xfffd, 0xfffd],
];

const inRanges = (cp: number, ranges: [number, number][]) => ranges.some(([a, b]) => cp >= a && cp <= b);

/** LATIN_RANGES less CORE_RANGES, as disjoint ranges (a character is in exactly one half). */
function restRanges(): [number, number][] {
  const rest: [number, number][] = [];
  for (const [a, b] of LATIN_RANGES) {
    let start: number | null = null;
    for (let cp = a; cp <= b + 1; cp++) {
      const keep = cp <= b && !inRanges(cp, CORE_RANGES);
      if (keep && start === null) start = cp;
      if (!keep && start !== null) {
        rest.push([start, cp - 1]);
        start = null;
      }
    }
  }
  return rest;
}

const hex = (n: number) => n.toString(16).toUpperCase();
const unicodeRange = (ranges: [number, number][]) => ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(", ");

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const coreText = CORE_RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join("");
  const css: string[] = ["/* Written by `npm run fonts` (scripts/fonts.ts): do not edit. */"];
  for (const [family, weight, italic] of FACES) {
    const name = `${family}-latin-${weight}-${italic ? "italic" : "normal"}`;
    const source = require.resolve(`@fontsource/${family}/files/${name}.woff2`, { paths: [root] });
    const core = await subsetFont(readFileSync(source), coreText, { targetFormat: "woff2" });
    writeFileSync(join(out, `${name}-core.woff2`), core);
    copyFileSync(source, join(out, `${name}.woff2`));
    const face = (file: string, range: string) =>
      `@font-face {\n  font-family: "${family === "inter" ? "Inter" : "Literata"}";\n  font-style: ${italic ? "italic" : "normal"};\n  font-weight: ${weight};\n  font-display: swap;\n  src: url("./fonts/${file}") format("woff2");\n  unicode-range: ${range};\n}`;
    css.push(face(`${name}-core.woff2`, unicodeRange(CORE_RANGES)), face(`${name}.woff2`, unicodeRange(restRanges())));
    console.log(`${(core.length / 1024).toFixed(1).padStart(6)} KB  ${name}-core.woff2`);
  }
  writeFileSync(join(root, "src/client/fonts.css"), `${css.join("\n")}\n`);
}

await main();
