import { describe, expect, it } from "vitest";
import { importLoops, serverImportGraph } from "../scripts/import-graph.ts";

/*
 * No import loop among src/server files, `import type` included (issue 25 item 3): a loop is what
 * turns the server's folders into one tangle (`npx tsx scripts/import-graph.ts` lists them).
 */
describe("the server's import graph", () => {
  it("has no loop", () => {
    expect(importLoops(serverImportGraph())).toEqual([]);
  });
});
