import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of a PostgreSQL server, for fault tests: `cut()` kills every open
 * connection and refuses new ones, as a crashed postmaster does from the client's side;
 * `restore()` lets connections through again, as a restarted server does. Loopback only.
 */
export interface FaultProxy {
  /** `url` with its host and port replaced by the proxy's. */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function faultProxy(url: string): Promise<FaultProxy> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  let down = false;
  const server: Server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  const proxied = new URL(url);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(address.port);
  return {
    url: proxied.toString(),
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
