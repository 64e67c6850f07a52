import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * The built index.html as the server sends it: its stylesheet and /theme.js inlined, so a first
 * paint waits on no other request (decision 010). The inline script is allowed by its hash in the
 * page's Content-Security-Policy (`scriptHashes`); there is still no other inline script. A file
 * that could close its own tag is left linked.
 */
export interface Shell {
  html: string;
  scriptHashes: string[];
}

let cached: { file: string; mtime: number; shell: Shell } | null = null;

function inline(clientDist: string, html: string): Shell {
  const scriptHashes: string[] = [];
  const read = (path: string) => (existsSync(join(clientDist, path)) ? readFileSync(join(clientDist, path), "utf8") : null);
  const withCss = html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, path: string) => {
    const css = read(path);
    return css === null || /<\/style/i.test(css) ? tag : `<style>${css}</style>`;
  });
  const withTheme = withCss.replace(/<script src="\/theme\.js"><\/script>/, (tag) => {
    const js = read("theme.js");
    if (js === null || /<\/script/i.test(js)) return tag;
    scriptHashes.push(`'sha256-${createHash("sha256").update(js).digest("base64")}'`);
    return `<script>${js}</script>`;
  });
  return { html: withTheme, scriptHashes };
}

export function readShell(clientDist: string): Shell | null {
  const file = join(clientDist, "index.html");
  if (!existsSync(file)) return null;
  const mtime = statSync(file).mtimeMs;
  if (!cached || cached.mtime !== mtime || cached.file !== file) cached = { file, mtime, shell: inline(clientDist, readFileSync(file, "utf8")) };
  return cached.shell;
}
