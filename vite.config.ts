import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
    // The server renderer's build (dist/client-ssr) needs no copy of public/.
    copyPublicDir: !isSsrBuild,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
}));
