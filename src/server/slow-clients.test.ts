import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "#tests/setup/server-process.ts";

/*
 * A client that trickles its request (1 byte a second) must not hold a socket for long: the
 * server's header and request time-outs (http/lifecycle.ts) close it. Real server process,
 * real sockets.
 */

let server: ServerProcess;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "inkwell-slow-"));
  server = await startServerProcess({ DATA_DIR: dataDir });
}, 60_000);
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Opens a socket and sends `text` one byte a second; resolves with the seconds until the server closed it. */
function trickle(text: string): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    let i = 0;
    const timer = setInterval(() => {
      if (i < text.length && socket.writable) socket.write(text[i++]!);
    }, 1000);
    socket.on("data", () => undefined);
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      resolve((Date.now() - started) / 1000);
    });
  });
}

describe("starting", () => {
  it("says where it is running in one plain line", () => {
    expect(server.output).toContain(`inkwell is running at ${server.url}`);
  });
});

describe("slow clients", () => {
  it("closes sockets that trickle their headers, within the header time-out", async () => {
    const closedAfter = await Promise.all(Array.from({ length: 20 }, () => trickle("GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: " + "a".repeat(100))));
    for (const s of closedAfter) expect(s).toBeLessThan(15);
    // The server is still there for everyone else.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 60_000);

  it("after a body too large (413), the client's next request still works", async () => {
    const big = JSON.stringify({ email: "x".repeat(2 * 1024 * 1024), password: "x" });
    const tooLarge = await fetch(`${server.url}/api/auth/sign-in/email`, { method: "POST", headers: { origin: "http://localhost:3000", "content-type": "application/json" }, body: big });
    expect(tooLarge.status).toBe(413);
    await tooLarge.text();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
