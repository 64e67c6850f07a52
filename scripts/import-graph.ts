/**
 * The server's import graph, read from the source (every import, `import type` and `export from`
 * included, and `import()`): `npx tsx scripts/import-graph.ts` prints the import loops among
 * src/server files, counts the imports from one server module into another (--cross lists them) and
 * from the ground below the modules up into one (--upward), and exits 1 when there is a loop (issue 25 item 3). tests/import-graph.test.ts runs the same check.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "migrations" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  let target: string;
  if (spec.startsWith("#server/")) target = join(root, "src/server", spec.slice("#server/".length));
  else if (spec.startsWith(".")) target = resolve(dirname(from), spec);
  else return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** file (relative to the root) -> the src/server files it imports. */
export function serverImportGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(join(root, "src/server"))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((f) => resolveImport(file, f.fileName)).filter((t): t is string => t !== null);
    graph.set(relative(root, file), [...new Set(targets.map((t) => relative(root, t)))]);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): each is an import loop. */
export function importLoops(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) loops.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return loops;
}

const MODULE = /^src\/server\/modules\/([^/]+)\//;

/** Imports from one server module into another module's file: [from, to]. */
export function crossModuleImports(graph: Map<string, string[]>): [string, string][] {
  const found: [string, string][] = [];
  for (const [from, targets] of graph) {
    const own = MODULE.exec(from)?.[1];
    if (!own) continue;
    for (const to of targets) {
      const other = MODULE.exec(to)?.[1];
      if (other && other !== own) found.push([from, to]);
    }
  }
  return found;
}

/** Imports from the server's ground (db/, http/, mail/, realtime/, jobs/, ...) up into a module; app.ts and create-deps.ts compose modules and are left out. */
export function upwardImports(graph: Map<string, string[]>): [string, string][] {
  const roots = new Set(["src/server/app.ts", "src/server/create-deps.ts"]);
  const found: [string, string][] = [];
  for (const [from, targets] of graph) {
    if (MODULE.test(from) || roots.has(from)) continue;
    for (const to of targets) if (MODULE.test(to)) found.push([from, to]);
  }
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const graph = serverImportGraph();
  const loops = importLoops(graph);
  const importersOfDeps = [...graph].filter(([, targets]) => targets.includes("src/server/deps.ts")).length;
  const cross = crossModuleImports(graph);
  const upward = upwardImports(graph);
  if (process.argv.includes("--cross")) for (const [from, to] of cross) console.log(`cross: ${from} -> ${to}`);
  if (process.argv.includes("--upward")) for (const [from, to] of upward) console.log(`upward: ${from} -> ${to}`);
  for (const loop of loops) console.log(`loop of ${loop.length} files:\n  ${loop.join("\n  ")}`);
  console.log(
    `${graph.size} files, ${loops.length} import loops (${loops.reduce((n, l) => n + l.length, 0)} files in them), ${importersOfDeps} files import deps.ts, ` +
      `${cross.length} imports from one module into another (${new Set(cross.map(([, to]) => to)).size} files imported), ${upward.length} upward imports into modules/`,
  );
  process.exitCode = loops.length > 0 ? 1 : 0;
}
