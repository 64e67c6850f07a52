import { spawn } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import { serverEnv } from "./server-process.ts";

const root = resolve(import.meta.dirname, "../..");

/** `npm run backup` / `npm run restore` as a real process from the sources: its exit code and what it printed. */
export async function runBackupCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/backup.ts", ...args], { cwd: root, env: serverEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (b: Buffer) => (output += b.toString("utf8")));
  child.stderr.on("data", (b: Buffer) => (output += b.toString("utf8")));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output };
}
