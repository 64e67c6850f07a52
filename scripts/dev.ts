/**
 * npm run dev: the API (tsx watch, port API_PORT=3001) and the Vite dev server (PORT=3000,
 * proxying /api) together, both reloading on change.
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const apiPort = process.env.API_PORT ?? "3001";
const children = [
  spawn(process.execPath, [resolve(root, "node_modules/tsx/dist/cli.mjs"), "watch", "--clear-screen=false", "src/server/index.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, APP_URL: process.env.APP_URL ?? "http://localhost:3000" },
  }),
  spawn(process.execPath, [resolve(root, "node_modules/vite/bin/vite.js")], { cwd: root, stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => {
  stop();
  process.exitCode = code ?? 0;
});
