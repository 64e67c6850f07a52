import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer, type Socket } from "node:net";
import { join } from "node:path";
import type { Database } from "../db/database.ts";
import { takeSnapshot } from "./take.ts";

/*
 * `npm run backup` while the server runs (embedded database): only the server may open PGlite,
 * so the backup command asks it for a snapshot over a Unix socket (decision 015). The socket sits
 * in the server's private 0700 folder beside the database's own socket (a path in DATA_DIR can
 * be too long for a socket), and DATA_DIR/.backup-socket (0600) says where it is. Only this user
 * can reach it; it answers one request, "snapshot", with the backup file's bytes:
 *   {"ok":true,"size":N}\n<N bytes>   or   {"ok":false,"message":"..."}\n
 */

const POINTER = ".backup-socket";

export interface BackupService {
  close(): Promise<void>;
}

export async function serveBackups(dataDir: string, socketDir: string, database: Database): Promise<BackupService> {
  const path = join(socketDir, "backup.sock");
  const answer = (socket: Socket) => {
    socket.on("error", () => socket.destroy());
    let asked = "";
    socket.on("data", (chunk: Buffer) => {
      asked += chunk.toString("utf8");
      if (!asked.includes("\n")) return;
      socket.removeAllListeners("data");
      if (asked.trim() !== "snapshot") {
        socket.end(`${JSON.stringify({ ok: false, message: "unknown request" })}\n`);
        return;
      }
      // takeSnapshot makes one at a time, whoever asks (each is the whole database in memory).
      takeSnapshot(database, { dataDir }).then(
        (bytes) => {
          socket.write(`${JSON.stringify({ ok: true, size: bytes.length })}\n`);
          socket.end(bytes);
        },
        (err: unknown) => socket.end(`${JSON.stringify({ ok: false, message: err instanceof Error ? err.message : String(err) })}\n`),
      );
    });
  };
  const server = createServer(answer);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  const pointer = join(dataDir, POINTER);
  writeFileSync(pointer, path, { mode: 0o600 });
  return {
    async close() {
      rmSync(pointer, { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** No server is answering for this DATA_DIR: the caller may take the lock and open PGlite itself. */
export class NoServerRunning extends Error {}

/** Asks the server running on DATA_DIR for a snapshot; NoServerRunning when none answers. */
export function requestBackup(dataDir: string): Promise<Uint8Array> {
  let path: string;
  try {
    path = readFileSync(join(dataDir, POINTER), "utf8").trim();
  } catch {
    return Promise.reject(new NoServerRunning());
  }
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.on("connect", () => {
      connected = true;
      socket.write("snapshot\n");
    });
    socket.on("data", (b: Buffer) => chunks.push(b));
    socket.on("error", (err: NodeJS.ErrnoException) => {
      // A pointer left by a server that was killed: nobody listens any more.
      if (!connected && ["ENOENT", "ECONNREFUSED"].includes(err.code ?? "")) reject(new NoServerRunning());
      else reject(err);
    });
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const nl = all.indexOf(10);
      let head: { ok: boolean; size?: number; message?: string };
      try {
        head = JSON.parse(all.subarray(0, nl).toString("utf8")) as typeof head;
      } catch {
        reject(new Error("The running server gave no backup (it may have stopped)."));
        return;
      }
      if (!head.ok) return reject(new Error(head.message ?? "The running server could not make a backup."));
      const body = all.subarray(nl + 1);
      if (body.length !== head.size) return reject(new Error(`The backup arrived incomplete (${body.length} of ${head.size} bytes).`));
      resolve(new Uint8Array(body));
    });
  });
}
