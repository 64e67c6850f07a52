import { cpSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig } from "vite";
import { makeDatabaseTemplate, TEMPLATE_FILE } from "./src/server/db/pglite-template.ts";

/**
 * The server's build (issue 26 item 2): src/server compiled into plain JavaScript in
 * SERVER_DIST_DIR (default dist/server), so `npm start` runs it with `node` alone. Packages stay
 * imports of node_modules (a production install has them); our own modules, the `#shared/*`
 * aliases included, are bundled. Every entry and chunk lands in the one folder, because the code
 * finds its neighbours from its own address: the database's thread (embedded-worker.js, see
 * db/embedded.ts), the migrations (db/client.ts) and the EPUB's fonts (modules/export/portfolio-epub.tsx),
 * copied beside it, and a new embedded database's template (db/pglite-template.ts), made here.
 */
const outDir = resolve(process.env.SERVER_DIST_DIR ?? "dist/server");

export default defineConfig({
  // No public/ copy, no client plugins: this is Node code only.
  publicDir: false,
  ssr: { target: "node" },
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: "node20",
    sourcemap: false,
    minify: false,
    copyPublicDir: false,
    rollupOptions: {
      input: {
        index: "src/server/index.ts",
        "embedded-worker": "src/server/db/embedded-worker.ts",
        admin: "scripts/admin.ts",
        "copy-to-postgres": "scripts/copy-to-postgres.ts",
        backup: "scripts/backup.ts",
      },
      output: { format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
    },
  },
  plugins: [
    {
      name: "inkwell-server-migrations",
      apply: "build",
      async closeBundle() {
        cpSync(resolve("src/server/db/migrations"), resolve(outDir, "migrations"), { recursive: true });
        // The EPUB embeds the client's own subset fonts (modules/export/portfolio-epub.tsx reads them from beside it).
        cpSync(resolve("src/client/fonts"), resolve(outDir, "fonts"), { recursive: true });
        // A first start unpacks it instead of running initdb (a third of the peak memory).
        writeFileSync(resolve(outDir, TEMPLATE_FILE), await makeDatabaseTemplate());
      },
    },
  ],
});
