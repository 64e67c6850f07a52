import { afterAll, afterEach, beforeEach, vi } from "vitest";

/** An unexpected console.error fails the test; a test expecting one calls `allowConsoleError()`. */
let allowed = false;
let errors: unknown[][] = [];
let spy: ReturnType<typeof vi.spyOn> | undefined;

export function allowConsoleError(): void {
  allowed = true;
}

beforeEach(() => {
  allowed = false;
  errors = [];
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  spy?.mockRestore();
  if (!allowed && errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.map((a) => a.map(String).join(" ")).join("\n")}`);
  }
});

/*
 * Files share their worker's modules and globals (vitest.config.ts, `isolate: false`): what a file
 * stubbed or faked is put back when it ends, so the next file starts as a file of its own would.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
