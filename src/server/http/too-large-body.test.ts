import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { SERVER_OPTIONS } from "./lifecycle.ts";
import { NODE_SERVER_OPTIONS, withFastPath } from "./node-server.ts";

/*
 * Issue 24 item 8: a 20 MB POST is answered 413 with its message, and the client reads that
 * answer — the server does not close the socket under a client still sending (a reset, which
 * throws the answer away). Real listening server, raw sockets.
 */

const MB = 1024 * 1024;
const TOO_LARGE = { code: "too_large", message: "That is too long to send in one go." };

let t: TestApp;
let server: Server;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1", serverOptions: SERVER_OPTIONS, createServer: withFastPath(() => false), ...NODE_SERVER_OPTIONS }, () => resolve()) as Server;
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

interface Exchange {
  /** Everything the server sent back. */
  received: string;
  /** The socket's error, if it ended in one (ECONNRESET: the answer may be lost). */
  error?: string;
  /** Body bytes the client got to send before the socket ended. */
  sent: number;
  ms: number;
}

/**
 * POSTs `bytes` of JSON body on a raw socket and resolves once the socket has closed. Like many
 * clients, it reads the answer only once it has sent its whole body (`readWhileSending` reads as
 * it goes); `pace` ms between 64 KiB chunks makes it a slow one. A reset from the server throws
 * away an answer not yet read.
 */
function post(bytes: number, opts: { pace?: number; readWhileSending?: boolean } = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    if (!opts.readWhileSending) socket.pause();
    const chunk = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    let received = "";
    let error: string | undefined;
    let done = false;
    const pump = () => {
      while (!done && sent < bytes && socket.writable) {
        const ok = socket.write(chunk);
        sent += chunk.length;
        if (opts.pace) return void setTimeout(pump, opts.pace);
        if (!ok) return void socket.once("drain", pump);
      }
      // All sent: read the answer, and say we have nothing more to send.
      if (!done && sent >= bytes) {
        socket.resume();
        socket.end();
      }
    };
    socket.on("connect", () => {
      socket.write(
        `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://localhost:3000\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`,
      );
      pump();
    });
    socket.on("data", (d: Buffer) => (received += d.toString("latin1")));
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on("close", () => {
      done = true;
      resolve({ received, error, sent, ms: Date.now() - started });
    });
  });
}

/** The status line and JSON body of a raw HTTP/1.1 answer. */
function answerOf(raw: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  const [head = "", rest = ""] = raw.split("\r\n\r\n", 2);
  const chunked = /transfer-encoding: chunked/i.test(head);
  const text = chunked ? rest.split("\r\n").filter((_, i) => i % 2 === 1).join("") : rest;
  try {
    return { status, body: JSON.parse(text) };
  } catch {
    return { status, body: text };
  }
}

describe("a body too large to take", () => {
  it("is answered 413 with its message, every time, and the next request on a new connection works", async () => {
    const failures: string[] = [];
    for (let i = 0; i < 10; i++) {
      const exchange = await post(20 * MB);
      const answer = answerOf(exchange.received);
      if (answer.status !== 413 || JSON.stringify(answer.body) !== JSON.stringify(TOO_LARGE)) {
        failures.push(`attempt ${i + 1}: ${answer.status || "no answer"}${exchange.error ? ` (${exchange.error})` : ""}`);
      }
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    }
    expect(failures, "20 MB posts whose 413 the client could not read").toEqual([]);
  }, 180_000);

  it("does not let a client that keeps trickling its body hold the socket", async () => {
    // 64 KiB every 100 ms: 20 MB would take over 30 s.
    const exchange = await post(20 * MB, { pace: 100, readWhileSending: true });
    expect(answerOf(exchange.received).status).toBe(413);
    expect(exchange.ms).toBeLessThan(15_000);
  }, 60_000);
});
