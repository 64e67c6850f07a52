import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { SERVER_OPTIONS } from "#server/http/lifecycle.ts";
import { NODE_SERVER_OPTIONS, withFastPath } from "#server/http/node-server.ts";
import type { TestApp } from "./app.ts";

/**
 * `t`'s app on a real listening socket, served as index.ts serves it (no fast path): its port, and
 * how to close it. `seen`, when given, is shown each Response the app hands the server.
 */
export async function listening(t: TestApp, seen?: (res: Response) => void): Promise<{ port: number; close: () => Promise<void> }> {
  const fetch = seen
    ? async (req: Request, env: unknown) => {
        const res = await t.app.fetch(req, env);
        seen(res);
        return res;
      }
    : t.app.fetch;
  let server: Server | undefined;
  await new Promise<void>((resolve) => {
    server = serve({ fetch, port: 0, hostname: "127.0.0.1", serverOptions: SERVER_OPTIONS, createServer: withFastPath(() => false), ...NODE_SERVER_OPTIONS }, () => resolve()) as Server;
  });
  const close = async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  };
  return { port: (server!.address() as AddressInfo).port, close };
}
