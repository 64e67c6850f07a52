/**
 * The V8 flags the server's process needs for PGlite's WebAssembly (decision 014), for `npm start`
 * and for anything that starts the built server (the tests, the benchmark).
 *
 * Node 24, embedded database: `--liftoff-only`. There V8's optimising compiler, tiering PGlite's
 * code up, took the server to a 1.06 GB peak (0.49 GB without it) and more CPU time over 400
 * uncached reads (4.1–5.7 s against 2.2–2.3 s, compilation included). On Node 20 and 22 it costs
 * ~80 MB and the optimised code stays. With DATABASE_URL no WebAssembly of note runs.
 *
 * @param {{ versions: { node: string }, env: Record<string, string | undefined> }} proc
 * @returns {string[]}
 */
export function wasmFlags(proc) {
  const major = Number(proc.versions.node.split(".")[0]);
  return major >= 24 && !proc.env.DATABASE_URL ? ["--liftoff-only"] : [];
}
