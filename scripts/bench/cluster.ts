/**
 * The PostgreSQL server the benchmark uses, found or started:
 *
 * 1. BENCH_DATABASE_URL, when set: a server you run. The role must be allowed to create
 *    databases; the benchmark creates (and drops again first) databases named inkwell_bench_*.
 * 2. Otherwise a throwaway cluster of its own: `initdb` and `pg_ctl` from PG_BIN, else the
 *    newest /usr/lib/postgresql/<version>/bin (Debian, Ubuntu), else the PATH; in .tmp/bench/pg
 *    on a free port, trust authentication on 127.0.0.1 only, stopped and deleted at the end.
 *    initdb refuses to run as root, so as root the cluster runs as the `postgres` user.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";

export interface Postgres {
  /** URL of the maintenance database (postgres), from which benchmark databases are made. */
  adminUrl: string;
  /** Folder of the PostgreSQL client programs (pgbench), or "" to use the PATH. */
  binDir: string;
  /** Where it came from, for the report. */
  origin: string;
  stop(): Promise<void>;
}

/** PG_BIN, the newest Debian-style install, or "" (the PATH). */
export function findBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : "";
}

export const binary = (binDir: string, name: string) => (binDir ? join(binDir, name) : name);

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Runs a PostgreSQL server program, as the postgres user when we are root. */
function runAs(user: string | null, cmd: string, args: string[]): void {
  const [file, argv] = user ? ["runuser", ["-u", user, "--", cmd, ...args]] : [cmd, args];
  const result = spawnSync(file, argv, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${result.stderr || result.stdout || result.error?.message}`);
}

/** A folder the cluster's owner can write: .tmp/bench/pg, or one under the system temp dir. */
function clusterDir(user: string | null): string {
  const inRepo = resolve(".tmp/bench/pg");
  rmSync(inRepo, { recursive: true, force: true });
  mkdirSync(inRepo, { recursive: true });
  if (!user) return inRepo;
  chownSync(inRepo, ...ids(user));
  // The owner must also reach it through every parent folder.
  if (spawnSync("runuser", ["-u", user, "--", "test", "-w", inRepo]).status === 0) return inRepo;
  rmSync(inRepo, { recursive: true, force: true });
  const dir = mkdtempSync(join(tmpdir(), "inkwell-bench-pg-"));
  chownSync(dir, ...ids(user));
  return dir;
}

function ids(user: string): [number, number] {
  const out = execFileSync("id", [user], { encoding: "utf8" });
  const uid = /uid=(\d+)/.exec(out)?.[1];
  const gid = /gid=(\d+)/.exec(out)?.[1];
  if (!uid || !gid) throw new Error(`no such user: ${user}`);
  return [Number(uid), Number(gid)];
}

async function startCluster(): Promise<Postgres> {
  const binDir = findBinDir();
  const initdb = binary(binDir, "initdb");
  if (spawnSync(initdb, ["--version"]).status !== 0) {
    throw new Error("PostgreSQL was not found: install it (Debian: apt-get install postgresql), set PG_BIN to its bin folder, or set BENCH_DATABASE_URL.");
  }
  const user = process.getuid?.() === 0 ? "postgres" : null;
  const dir = clusterDir(user);
  const data = join(dir, "data");
  const port = await freePort();
  runAs(user, initdb, ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c shared_buffers=512MB",
    "-c max_connections=200",
  ].join(" ");
  runAs(user, binary(binDir, "pg_ctl"), ["-D", data, "-l", join(dir, "server.log"), "-o", options, "-w", "-t", "60", "start"]);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      runAs(user, binary(binDir, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, binDir, origin: `throwaway cluster (${initdb}, port ${port})`, stop };
}

/** The server to use: BENCH_DATABASE_URL or a cluster of our own (call stop() when done). */
export async function findPostgres(): Promise<Postgres> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) return { adminUrl: url, binDir: findBinDir(), origin: "BENCH_DATABASE_URL", stop: async () => undefined };
  return startCluster();
}

/** The URL of database `name` on the same server as `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs statements on the maintenance database, about benchmark database `name` (always inkwell_bench_*). */
async function onBenchDatabase(pgServer: Postgres, name: string, statements: string[]): Promise<void> {
  if (!/^inkwell_bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to touch database ${name}`);
  const client = new pg.Client({ connectionString: pgServer.adminUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement.replace("$name", name));
  } finally {
    await client.end();
  }
}

/** Drops and creates benchmark database `name`; returns its URL. */
export async function freshDatabase(pgServer: Postgres, name: string): Promise<string> {
  await onBenchDatabase(pgServer, name, ["drop database if exists $name with (force)", "create database $name"]);
  return databaseUrl(pgServer.adminUrl, name);
}

export async function dropDatabase(pgServer: Postgres, name: string): Promise<void> {
  await onBenchDatabase(pgServer, name, ["drop database if exists $name with (force)"]);
}

/** The server's version line, for the report. */
export async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version') as v");
    return `PostgreSQL ${rows[0]?.v ?? "?"}`;
  } finally {
    await client.end();
  }
}
