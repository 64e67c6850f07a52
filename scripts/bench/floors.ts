/**
 * Each endpoint's floor: the exact statements that endpoint sends, captured from the running
 * app (capture-sql.ts) and turned into a pgbench script, so that pgbench at the same client count
 * says how many of those requests the database alone could serve (pgbench.ts runs it).
 *
 * For every target one request is sent twice with nothing else running, capturing what the app
 * sends for each: the second (warm: the admin-flag and feed caches filled) is the floor, as that
 * is what a request costs under load; when the warm request sends nothing (a cached page) the
 * first, the miss, is the floor, and the report says so. Statements of the job queue (schema
 * pgboss), which polls on its own clock, are left out. Parameters are written into the text as
 * literals: `pg` sends them untyped, which PostgreSQL resolves as it does a quoted literal, and
 * the unnamed statement it uses is planned with the values, as a literal is. When every statement
 * of a request went as a named prepared statement (db/typed-rows.ts: planned once per
 * connection), pgbench runs its floor with `--protocol=prepared`, which plans each command once
 * per client too; otherwise with the simple protocol, planning every time as the app does. Not
 * when a literal holds `:word` (the portfolio's `'…HH24:MI:SS…'` time format): in its extended
 * and prepared protocols pgbench takes that for one of its variables, even inside quotes.
 *
 * A target that reads a different piece each request (`variesBy: "piece"`) gets one script per
 * piece (FLOOR_VARIANTS of them, pgbench picks one at random per transaction), and so do the
 * writes, over the pieces they like or comment on. A write's statements run in a transaction
 * that is rolled back (the same request cannot be made twice), and the ids the request made
 * (in its statements the second time, not the first) are drawn afresh per transaction, so
 * pgbench's clients do not queue on one unique key. Without the commit's WAL flush the write
 * floor is above what committed writes reach: app ÷ floor for a write is a lower bound.
 */
import { readFileSync, statSync } from "node:fs";
import { clientAddress, type Fixture } from "./fixture.ts";
import type { Context, Request, Target } from "./targets.ts";

/** pgbench takes at most 128 scripts. */
export const FLOOR_VARIANTS = 128;

export interface Floor {
  target: string;
  /** pgbench scripts (one, or one per piece). */
  scripts: string[];
  /** Statements per request. */
  statements: number;
  /** warm: a repeated request's statements; miss: the first request's (the warm one sent none). */
  from: "warm" | "miss";
  /** One script per pgbench client (a write: each client its own writer), instead of one picked at random per transaction. */
  perClient: boolean;
  /** Every statement went prepared: pgbench plans each once per client (see the top). */
  prepared: boolean;
}

interface Captured {
  text?: string;
  values?: unknown[];
  prepared?: boolean;
  capture?: boolean;
}

/** A value as `pg` sent it, as an SQL literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "object" && value && "bytea" in value) return `'\\x${String((value as { bytea: string }).bytea)}'`;
  if (typeof value === "number" || typeof value === "boolean") return `'${String(value)}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** The statement with its parameters written in. */
export function inlineStatement(text: string, values: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(values[Number(n) - 1])).trim();
}

const sizeOf = (file: string) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Lines written to `file` after byte `offset`. */
function linesAfter(file: string, offset: number): Captured[] {
  if (sizeOf(file) <= offset) return [];
  const text = readFileSync(file).subarray(offset).toString("utf8");
  return text.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Captured);
}

/** Sends SIGUSR2 and waits for the hook's own line saying capturing is `on`. */
async function switchCapture(pid: number, file: string, on: boolean): Promise<void> {
  const offset = sizeOf(file);
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (linesAfter(file, offset).some((l) => l.capture === on)) return;
    await pause(20);
  }
  throw new Error("the server did not switch statement capture (is capture-sql.ts loaded?)");
}

/** Waits until nothing has been written for `quietMs` (statements a request leaves running finish). */
async function settled(file: string, quietMs = 150): Promise<void> {
  let size = sizeOf(file);
  for (;;) {
    await pause(quietMs);
    const now = sizeOf(file);
    if (now === size) return;
    size = now;
  }
}

async function send(fx: Fixture, base: Request, context: Context): Promise<string> {
  const req = base.setupRequest ? base.setupRequest({ ...base }, context) : base;
  const res = await fetch(fx.appUrl + req.path, { method: req.method ?? "GET", headers: req.headers, body: req.body });
  await res.arrayBuffer();
  if (res.status >= 400) throw new Error(`${req.method ?? "GET"} ${req.path}: ${res.status}`);
  return req.path;
}

/** The statements one request of `target` sends (and the path it went to). */
async function captureOne(fx: Fixture, file: string, base: Request, context: Context): Promise<{ sql: string[]; path: string; prepared: boolean }> {
  const offset = sizeOf(file);
  const path = await send(fx, base, context);
  await settled(file);
  const sent = linesAfter(file, offset).filter((l): l is Required<Pick<Captured, "text">> & Captured => typeof l.text === "string" && !/\bpgboss\b/i.test(l.text));
  const sql = sent.map((l) => inlineStatement(l.text, l.values ?? []));
  const prepared = sent.length > 0 && sent.every((l) => l.prepared === true) && !sql.some(colonWordInLiteral);
  return { sql, path, prepared };
}

/** A quoted literal holding `:word`, which pgbench's prepared protocol would read as a variable (see the top). */
const colonWordInLiteral = (statement: string) => /'[^']*:[A-Za-z_][^']*'/.test(statement.replaceAll("::", ""));

const ROLLBACK_ONLY = /^(begin|commit|rollback)\b/i;

/** A pgbench script: reads as sent; a write in one transaction rolled back (see the top). */
function floorScript(target: Target, statements: string[]): string {
  const body = statements.map((s) => `${s};`).join("\n");
  if (target.kind === "read") return `${body}\n`;
  const inner = statements.filter((s) => !ROLLBACK_ONLY.test(s)).map((s) => `${s};`);
  return `begin;\n${inner.join("\n")}\nrollback;\n`;
}

const UUID = /'([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4})-([0-9a-f]{12})'/g;

/**
 * A write made afresh per pgbench transaction: each id the request made (in the second
 * request's statements and not the first's, and not a piece it acts on) gets a random last
 * group (12 decimal digits, which are hex digits too) from a pgbench variable, still an untyped
 * literal as the app sent it; and the client's address (its rate-limit key) is made per pgbench
 * client, as the load's connections each have their own.
 */
function freshWrite(script: string, first: string[], fixed: Set<string>, address: string): string {
  const before = new Set([...first.join("\n").matchAll(UUID)].map((m) => `${m[1]}-${m[2]}`));
  const made = new Map<string, string>();
  const out = script
    .replace(UUID, (whole, head: string, tail: string) => {
      const id = `${head}-${tail}`;
      if (before.has(id) || fixed.has(id)) return whole;
      if (!made.has(id)) made.set(id, `r${made.size}`);
      return `'${head}-:${made.get(id)}'`;
    })
    .replaceAll(`:${address}'`, `:${address}.:client_id'`);
  return [...made.values()].map((v) => `\\set ${v} random(100000000000, 999999999999)\n`).join("") + out;
}

/** A read's floor: one request sent twice (see the top); a piece's, one script per piece. */
async function readFloor(fx: Fixture, file: string, target: Target, base: Request): Promise<Floor> {
  const context: Context = {};
  const miss = await captureOne(fx, file, base, context);
  const warm = await captureOne(fx, file, base, context);
  const used = warm.sql.length > 0 ? warm : miss;
  const script = floorScript(target, used.sql);
  let scripts = [script];
  const id = target.variesBy === "piece" ? fx.pieceIds.find((p) => used.path.includes(p)) : undefined;
  if (id) scripts = fx.pieceIds.filter((p) => p !== id).slice(0, FLOOR_VARIANTS - 1).map((p) => script.replaceAll(id, p)).concat(script);
  return { target: target.name, scripts, statements: used.sql.length, from: used === warm ? "warm" : "miss", perClient: false, prepared: used.prepared };
}

/**
 * A write's floor: as the load, one writer per connection. Each of `clients` writers sends the
 * request twice; the second, with the ids it made drawn afresh (freshWrite), is that pgbench
 * client's script, run by a pgbench of its own (pgbench.ts), so no two clients queue on one
 * writer's row as the app's connections do not.
 */
async function writeFloor(fx: Fixture, file: string, target: Target, clients: number): Promise<Floor> {
  const [base] = target.requests(fx, clients, 0);
  const scripts: string[] = [];
  let statements = 0;
  let prepared = true;
  for (let client = 0; client < clients; client++) {
    const context: Context = {};
    const miss = await captureOne(fx, file, base!, context);
    const warm = await captureOne(fx, file, base!, context);
    statements = warm.sql.length;
    prepared &&= warm.prepared;
    scripts.push(freshWrite(floorScript(target, warm.sql), miss.sql, new Set(fx.pieceIds), clientAddress(client)));
  }
  return { target: target.name, scripts, statements, from: "warm", perClient: true, prepared };
}

/**
 * Captures every target's floor from the server `pid` (started with `captureSql: file`); writes
 * for `clients` writers, first. Before the reads one request of `publish` (when no write was
 * captured) empties the feed's cache, so that a cached page's first request is its miss.
 */
export async function captureFloors(fx: Fixture, pid: number, file: string, targets: Target[], clients: number, publish: Target): Promise<Floor[]> {
  const floors: Floor[] = [];
  await switchCapture(pid, file, true);
  try {
    const writes = targets.filter((t) => t.kind === "write");
    for (const target of writes) floors.push(await writeFloor(fx, file, target, clients));
    if (writes.length === 0) await send(fx, publish.requests(fx, 1, 0)[0]!, {});
    for (const target of targets.filter((t) => t.kind === "read")) {
      const [base] = target.requests(fx, 1, 0);
      if (base) floors.push(await readFloor(fx, file, target, base));
    }
  } finally {
    await switchCapture(pid, file, false);
  }
  return floors;
}
