import { existsSync } from "node:fs";
import { defineConfig, devices, type TraceMode } from "@playwright/test";

/** E2E_PORT lets several suites run side by side (each gets its own server and data folder). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** E2E_TRACE's mode, or "on-first-retry" when unset: a misspelt mode is refused, not silently no trace. */
function traceMode(value: string | undefined): TraceMode {
  const modes: readonly TraceMode[] = ["off", "on", "retain-on-failure", "on-first-retry", "on-all-retries", "retain-on-first-failure"];
  if (!value) return "on-first-retry";
  const mode = modes.find((m) => m === value);
  if (!mode) throw new Error(`E2E_TRACE=${value}: not one of ${modes.join(", ")}`);
  return mode;
}

/**
 * Which Chromium: E2E_CHROMIUM, or else Debian's headless shell (`chromium-headless-shell`, the same
 * Chromium source and version as its `chromium`, and the browser Playwright itself runs headless by
 * default), or else the full /usr/bin/chromium. The shell draws no browser window: three specs
 * took 0.74 of the wall and 0.66 of the CPU on it (alternating runs). A headed run
 * (`--headed`, `--ui`, `--debug`, PWDEBUG) gets the full one.
 */
function chromium(value: string | undefined): string {
  if (value) return value;
  // A headed run (or Playwright's inspector) without E2E_CHROMIUM gets the full browser. The runner
  // reads its own command line; the workers it starts load this file again with the environment it
  // sets here, so they agree.
  if (process.argv.some((a) => a === "--headed" || a === "--ui" || a === "--debug") || process.env.PWDEBUG) {
    return (process.env.E2E_CHROMIUM = "/usr/bin/chromium");
  }
  const shell = "/usr/bin/chromium-headless-shell";
  return existsSync(shell) ? shell : "/usr/bin/chromium";
}

/** Real Chromium (Debian's), the real built app, its own database folder. */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  // Three on two cores: a test spends much of its time waiting on the server and the browser. The
  // whole suite on the headless shell: 364 s with three workers, 487 s with two (one run each).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // Requests a test makes itself (page.request) carry the app's origin, as the browser's own do:
    // the server refuses state-changing requests from anywhere else.
    extraHTTPHeaders: { origin: `http://localhost:${E2E_PORT}` },
    // A trace records every action's screenshots and DOM: it cost a quarter of the suite's CPU (three
    // specs, alternating runs: 131 s of CPU with, 102 s without). Kept for a retried test;
    // a failure still leaves its screenshot and error-context.md (the page's accessibility tree).
    // E2E_TRACE=retain-on-failure records them all again, to debug a failure.
    trace: traceMode(process.env.E2E_TRACE),
    // The service worker (issue 16) would answer requests a spec routes itself; only the PWA spec
    // lets it run (test.use({ serviceWorkers: "allow" })).
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium(process.env.E2E_CHROMIUM),
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "chromium", grepInvert: /@clock/, use: { ...devices["Desktop Chrome"], channel: undefined } },
    // Tests that move the server clock run alone, after the rest and one at a time, so no other test
    // sees the jump (two of them side by side moved each other's clock: a write-in's writer seen as away).
    { name: "clock", grep: /@clock/, dependencies: ["chromium"], workers: 1, use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    env: { E2E_PORT: String(E2E_PORT) },
    url: `http://localhost:${E2E_PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
