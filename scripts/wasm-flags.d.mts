/** Types of wasm-flags.mjs (plain JavaScript: npm start runs it before anything is built). */
export function wasmFlags(proc: { versions: { node: string }; env: Record<string, string | undefined> }): string[];
