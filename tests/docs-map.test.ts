import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * docs/features.md names files; this fails when one of them is not there (issue 25 item 5).
 * A token is a path when it is in backticks, has no space, does not start with "/", "?" or "*" (pages,
 * queries, file-name patterns), and either holds a "/" or ends in a file extension below. `{a,b}` lists expand; `*` is a
 * glob that must match something. Where it is read from (the intro of docs/features.md says the same):
 * - paths from the repository root (`src/...`, `tests/...`, `scripts/...`, `docs/...`, `vite.config.ts`)
 *   are read as written, in any column;
 * - otherwise by the column: Client under src/client/; Server and Jobs under src/server/modules/ or
 *   src/server/ (`server/...` under src/); Schemas under src/shared/schemas/; Domain rules under
 *   src/shared/domain/; E2E spec under tests/e2e/, or a test under src/server/modules/, src/server/ or
 *   src/client/features/; text outside the table and other columns under src/, src/server/modules/,
 *   src/server/, src/client/ or src/shared/;
 * - a token may also continue the path before it in the same cell: `writing/prompts.service.ts`,
 *   `streak.service.ts` is writing/streak.service.ts (read against the folder of the last path found in
 *   the cell and each folder above it within src/).
 * Decisions (numbers like 003) must each have a docs/decisions/NNN-*.md.
 */
const root = join(dirname(new URL(import.meta.url).pathname), "..");
const EXTENSIONS = /\.(ts|tsx|mjs|js|md|css|json|sql|html)$/;
const FROM_ROOT = /^(src|tests|scripts|docs)\//;

const COLUMN_BASES: Record<string, string[]> = {
  Client: ["src/client"],
  Server: ["src/server/modules", "src/server", "src"],
  Jobs: ["src/server/modules", "src/server", "src"],
  Schemas: ["src/shared/schemas"],
  "Domain rules": ["src/shared/domain"],
  "E2E spec": ["tests/e2e", "src/server/modules", "src/server", "src/client/features"],
};
const OTHER_BASES = ["src", "src/server/modules", "src/server", "src/client", "src/shared"];

export function isPathToken(token: string): boolean {
  if (/\s/.test(token) || /^[/?*]/.test(token)) return false;
  return token.includes("/") || EXTENSIONS.test(token);
}

/** `a{b,c}d` → `abd`, `acd` (nested lists too). */
export function expandBraces(token: string): string[] {
  const m = /\{([^{}]*)\}/.exec(token);
  if (!m) return [token];
  return m[1]!.split(",").flatMap((part) => expandBraces(token.slice(0, m.index) + part + token.slice(m.index + m[0].length)));
}

/** Does a path (relative to the repository root, `*` allowed in any segment) name something that exists? */
function exists(path: string): boolean {
  const clean = path.replace(/\/$/, "");
  if (!clean.includes("*")) return existsSync(join(root, clean));
  let dirs = [""];
  for (const segment of clean.split("/")) {
    const re = new RegExp(`^${segment.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
    dirs = dirs.flatMap((dir) => {
      const full = join(root, dir);
      if (!existsSync(full) || !statSync(full).isDirectory()) return [];
      return readdirSync(full).filter((name) => re.test(name)).map((name) => posix.join(dir, name));
    });
  }
  return dirs.length > 0;
}

/** The folders a token after `previous` (a path found) may continue from: it (a folder) or its folder, and each one above, within src/. */
function continuations(previous: string | undefined): string[] {
  if (!previous) return [];
  const out: string[] = [];
  const start = previous.replace(/\/$/, "");
  const isDir = !start.includes("*") && statSync(join(root, start)).isDirectory();
  for (let dir = isDir ? start : posix.dirname(start); dir.startsWith("src/"); dir = posix.dirname(dir)) out.push(dir);
  return out;
}

export interface Missing {
  where: string;
  token: string;
}

/** Every path token in the map that names nothing, with the row (or line) that names it. */
export function missingPaths(markdown: string): Missing[] {
  const missing: Missing[] = [];
  /** Checks each path a token names; returns where the first one was found. */
  const check = (token: string, bases: string[], previous: string | undefined, where: string): string | undefined => {
    const candidates = [...continuations(previous), ...bases, ""];
    let first: string | undefined;
    for (const one of expandBraces(token)) {
      const found = FROM_ROOT.test(one) ? (exists(one) ? one : undefined) : candidates.map((base) => posix.join(base, one)).find(exists);
      if (!found) missing.push({ where, token: one });
      first ??= found;
    }
    return first;
  };
  let header: string[] | undefined;
  // A table row is read alone; prose a paragraph at a time (a name may continue the path on the line before).
  const blocks = markdown.split(/\n(?=\|)|(?<=\|)\n|\n\s*\n/).map((block) => (block.startsWith("|") ? block : block.replace(/\s*\n\s*/g, " ")));
  for (const line of blocks) {
    const isRow = line.startsWith("|");
    if (!isRow) header = undefined;
    if (isRow && !header) {
      header = line.split("|").slice(1, -1).map((cell) => cell.trim());
      continue;
    }
    if (isRow && /^\|[-| ]+\|$/.test(line)) continue;
    const cells = isRow ? line.split("|").slice(1, -1) : [line];
    cells.forEach((cell, i) => {
      const column = isRow ? header![i] ?? "" : "";
      const where = isRow ? `row "${cells[0]!.trim().slice(0, 60)}", column ${column}` : `text "${line.slice(0, 60)}"`;
      if (column === "Decisions") {
        for (const number of cell.match(/\b\d{3}\b/g) ?? []) {
          if (!readdirSync(join(root, "docs/decisions")).some((name) => name.startsWith(`${number}-`))) missing.push({ where, token: `decision ${number}` });
        }
        return;
      }
      const bases = COLUMN_BASES[column] ?? OTHER_BASES;
      let previous: string | undefined;
      for (const [, token] of cell.matchAll(/`([^`]+)`/g)) {
        if (!isPathToken(token!)) continue;
        const found = check(token!, bases, previous, where);
        if (found && token!.includes("/")) previous = found;
      }
    });
  }
  return missing;
}

describe("docs/features.md, the map of features (issue 25 item 5)", () => {
  const markdown = readFileSync(join(root, "docs/features.md"), "utf8");

  it("names only files and folders that exist", () => {
    const missing = missingPaths(markdown).map(({ where, token }) => `${token}  (${where})`);
    expect(missing, `docs/features.md names paths that do not exist:\n${missing.join("\n")}`).toEqual([]);
  });

  it("has a row naming each route the client serves", () => {
    const paths = readFileSync(join(root, "src/shared/routes.ts"), "utf8");
    const routes = [...paths.matchAll(/:\s*"(\/[^"]*)"/g)].map(([, route]) => route!);
    expect(routes.length).toBeGreaterThan(10);
    const unnamed = routes.filter((route) => route !== "/" && route !== "*" && !markdown.includes(`\`${route}`));
    expect(unnamed, `routes with no row in docs/features.md: ${unnamed.join(", ")}`).toEqual([]);
  });

  it("reports a row that names a file that is not there", () => {
    const wrong = "| Feature | Client | Server |\n|---|---|---|\n| Made up | `features/nowhere/` | `writing/prompts.service.ts`, `no-such.service.ts` |\n";
    expect(missingPaths(wrong).map((m) => m.token)).toEqual(["features/nowhere/", "no-such.service.ts"]);
  });
});
