import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SSR_STATE_ID, type SsrPage, type SsrRenderer } from "#shared/ssr.ts";
import { logError } from "../log.ts";

/**
 * The public pages' first screen in the HTML (decision 010). The renderer is the client's own
 * code built for the server (`vite build --ssr`, into CLIENT_DIST_DIR-ssr; SSR_ENTRY names another
 * module, e.g. the source in tests). Without it the server sends the shell, as before.
 */
export function ssrEntry(clientDist: string, configured: string | undefined): string {
  return configured ?? join(`${clientDist}-ssr`, "entry-server.js");
}

const loaded = new Map<string, Promise<SsrRenderer | null>>();

export function loadRenderer(entry: string): Promise<SsrRenderer | null> {
  let renderer = loaded.get(entry);
  if (!renderer) {
    renderer = existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<SsrRenderer>).catch((err: unknown) => {
          logError("the page renderer could not be loaded; pages are sent unrendered", err);
          return null;
        })
      : Promise.resolve(null);
    loaded.set(entry, renderer);
  }
  return renderer;
}

/** JSON inside a <script>: "<", ">" and "&" escaped, so no text can close the tag or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;
let manifest: { dir: string; value: Manifest | null } | null = null;

function readManifest(clientDist: string): Manifest | null {
  if (manifest?.dir !== clientDist) {
    const file = join(clientDist, ".vite/manifest.json");
    manifest = { dir: clientDist, value: existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : null };
  }
  return manifest.value;
}

/** The built chunks of these source modules and of everything they import (npm run size too). */
export function chunkFiles(m: Manifest, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = m[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...files];
}

/** The route's chunks the page does not already load, as modulepreload links. */
function preloads(clientDist: string, modules: string[], html: string): string[] {
  const m = readManifest(clientDist);
  if (!m) return [];
  return chunkFiles(m, modules)
    .filter((f) => !html.includes(`/${f}"`))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
}

/** The shell with the rendered page, its preloads and the state the browser hydrates from. */
export function fillShell(html: string, page: SsrPage, clientDist: string): string {
  const links = preloads(clientDist, page.modules, html);
  const state = `<script type="application/json" id="${SSR_STATE_ID}">${scriptJson(page.state)}</script>`;
  return html
    .replace("</head>", `${links.join("")}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${state}`);
}
