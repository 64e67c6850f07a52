import { spawn } from "node:child_process";

/*
 * PostgreSQL's own client tools (pg_dump, pg_restore) do the PostgreSQL half of backups. They are
 * not an npm package: a missing one is one clear line naming the Debian package.
 */

export class PgToolsMissingError extends Error {
  constructor(tool: string) {
    super(`${tool} was not found: install Debian's postgresql-client package (apt-get install postgresql-client), or put ${tool} on the PATH.`);
  }
}

/** The URL without its password, and the password for PGPASSWORD: a password never shows in `ps`. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a client tool; resolves with what it wrote on stdout, rejects with what it said on stderr. */
export function runPgTool(tool: "pg_dump" | "pg_restore", args: string[], url: string): Promise<Uint8Array> {
  const { dbname, env } = connection(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${dbname}`], { env, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", (e: NodeJS.ErrnoException) => reject(e.code === "ENOENT" ? new PgToolsMissingError(tool) : e));
    child.on("close", (code) => {
      if (code === 0) resolve(new Uint8Array(Buffer.concat(out)));
      else reject(new Error(`${tool} failed (exit ${code}): ${Buffer.concat(err).toString("utf8").trim()}`));
    });
  });
}

/** A custom-format dump (`pg_dump -Fc`): one consistent snapshot of the whole database, taken while it runs. */
export function pgDump(url: string): Promise<Uint8Array> {
  return runPgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges"], url);
}
