import type pg from "pg";
import { describe, expect, it } from "vitest";
import { noJit } from "./postgres.ts";

/** A connection whose `set jit = off` fails with `error`, or succeeds when null. */
const clientFailingWith = (error: object | null) =>
  ({
    query: async () => {
      if (error) throw Object.assign(new Error("refused"), error);
      return { rows: [] };
    },
  }) as unknown as pg.ClientBase;

describe("turning JIT off on a new connection", () => {
  it("connects to a server that has no JIT setting at all (42704), and still fails on any other error", async () => {
    await expect(noJit(clientFailingWith(null))).resolves.toBeUndefined();
    await expect(noJit(clientFailingWith({ code: "42704" }))).resolves.toBeUndefined();
    await expect(noJit(clientFailingWith({ code: "57P01" }))).rejects.toThrow("refused");
  });
});
