import { fileURLToPath } from "node:url";
import { defineConfig, type Rolldown } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";
import { APP_SHELL_PATH } from "./src/shared/pwa.ts";

const apiPort = Number(process.env.API_PORT ?? 3001);

/** Chunks the entry loads before any route (see build.modulePreload). */
const SHELL_CHUNK = /\/(rolldown-runtime|framework|states|app-shell|preload-helper|auth-actions|get-config|toast|ids|live-events|open-report-count)-[\w-]+\.js$/;

/** The browser build's chunks, kept as its preload lists are written (see build.modulePreload). */
let chunks: Rolldown.OutputBundle | undefined;

/** The chunks `file` imports statically, directly or not: loaded before any of its dynamic imports can run. */
function staticallyLoaded(file: string, seen = new Set<string>()): Set<string> {
  const chunk = chunks?.[file];
  for (const dep of chunk?.type === "chunk" ? chunk.imports : []) {
    if (!seen.has(dep)) staticallyLoaded(dep, seen.add(dep));
  }
  return seen;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Hands build.modulePreload the bundle's chunks, before Vite writes the preload lists.
    { name: "inkwell:preload-knows-chunks", apply: "build", generateBundle: { order: "pre", handler: (_options, bundle) => void (chunks = bundle) } },
    // The service worker (issue 16 item 1), for the browser's build only. Our own worker
    // (src/client/pwa/sw.ts) with the hashed assets' list injected; the page registers it from its
    // bundle (client/pwa/register.ts: no inline script) and the server sends the manifest, whose
    // name is SITE_NAME, known only at run time (server/http/pwa.ts).
    ...(isSsrBuild
      ? []
      : [
          VitePWA({
            strategies: "injectManifest",
            srcDir: "src/client/pwa",
            filename: "sw.ts",
            registerType: "prompt",
            injectRegister: false,
            manifest: false,
            injectManifest: {
              globPatterns: ["**/*.{js,css,woff2,svg,png}", "index.html"],
              // The server sends the built page as the app shell (its stylesheet and theme script
              // inlined): keep it under that address, revised with the built page.
              manifestTransforms: [
                (entries) => ({ manifest: entries.map((e) => (e.url === "index.html" ? { ...e, url: APP_SHELL_PATH } : e)), warnings: [] }),
              ],
            },
          }),
        ]),
  ],
  // react-router's package exports only its development build (its dev-time checks and warnings);
  // the browser's production bundle takes the production build it ships beside it.
  resolve: command === "build" && !isSsrBuild ? { alias: { "react-router": fileURLToPath(import.meta.resolve("react-router").replace("/development/", "/production/")) } } : {},
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    // The server reads it to preload a rendered page's route chunks (server/http/ssr.ts).
    manifest: true,
    // A route chunk's preload list leaves out what the entry itself loads before any route (the
    // bundler's runtime, the framework, the shell's states, app shell and preload helper): naming
    // them in each of the 45 routes' lists only added bytes to every first page (issue 26 item 3),
    // and the browser has them already. A name missed here costs bytes, never a missing chunk.
    // Only a route's list (a dynamic import): the page's own modulepreload links stay whole. Nor does
    // any dynamic import's list name what its importer imports statically (loaded before it can run):
    // /write's lazily loaded parts name only what the page has not loaded yet.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId, hostType }) => {
        if (hostType !== "js") return deps;
        const loaded = staticallyLoaded(hostId);
        return deps.filter((d) => !SHELL_CHUNK.test(d) && !loaded.has(d));
      },
    },
    // The server renderer's build (dist/client-ssr) needs no copy of public/.
    copyPublicDir: !isSsrBuild,
    // React, React DOM, React Router, TanStack Query and the API client's Hono in one chunk of their
    // own: every page loads them, so cutting them into the app's shared chunks only added the
    // chunks' own weight (about 2 KB gzip on each first page, issue 26 item 3); and a release that
    // changes only the app leaves this chunk in the browser's cache.
    rolldownOptions: isSsrBuild ? {} : {
      output: {
        advancedChunks: {
          groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|hono|cookie|set-cookie-parser)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
}));
