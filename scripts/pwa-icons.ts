/**
 * npx tsx scripts/pwa-icons.ts — draws the install icons (public/icons/*.png) from the favicon's
 * shapes with resvg: "any" icons as the favicon, a maskable one with the glyph inside the safe zone.
 * The PNGs are committed; run again only when the favicon changes.
 */
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Resvg } from "@resvg/resvg-js";

const GLYPH = `<path d="M10 24c4-1 7-4 9-8l3-7-5 3c-4 2-7 6-8 10z" fill="#faf7f0"/><path d="M9 25l3-4" stroke="#faf7f0" stroke-width="2" stroke-linecap="round"/>`;
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#8a4b1c"/>${GLYPH}</svg>`;
// Maskable: the background fills the square; the glyph is shrunk into the middle 60 % (the safe zone is 80 %).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#8a4b1c"/><g transform="translate(16 16) scale(0.6) translate(-16 -17)">${GLYPH}</g></svg>`;

const out = resolve(import.meta.dirname, "../public/icons");
const render = (svg: string, size: number) => new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
writeFileSync(join(out, "icon-192.png"), render(any, 192));
writeFileSync(join(out, "icon-512.png"), render(any, 512));
writeFileSync(join(out, "icon-maskable-512.png"), render(maskable, 512));
