import { gzipSync } from "node:zlib";
import type { Context } from "hono";
import { parseAccept } from "hono/utils/accept";

/*
 * A JSON answer gzipped in one call, as bytes (issue 28 item 2). The app's compress middleware
 * (app.ts) would make the same bytes — zlib's gzip at its default level — through a
 * CompressionStream piped into a new web Response, and a streamed body takes
 * @hono/node-server's slow path (web streams read chunk by chunk into Node's response); a profile
 * of the signed-in feed put that adaptation and the streams at about a quarter of the busy time.
 * Bytes go out through its fast path. The choice follows the middleware's: gzip when the client
 * accepts it (named, or by `*`) at least as well as deflate; anything else is left to the
 * middleware, as are HEAD requests and answers marked no-transform.
 */

/** Would the compress middleware choose gzip for this Accept-Encoding? */
export function choosesGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === "*")?.q;
  const q = (name: string) => accepts.find((a) => a.type.toLowerCase() === name)?.q ?? wildcard ?? 0;
  const gzip = q("gzip");
  return gzip === 1 || (gzip > 0 && gzip >= q("deflate"));
}

/** `data` as gzipped JSON bytes with the middleware's headers set on `c`, or null when the middleware should decide. */
export function gzipJson(c: Context, data: unknown): Uint8Array | null {
  if (c.req.method === "HEAD" || !choosesGzip(c.req.header("accept-encoding"))) return null;
  if (/(?:^|,)\s*?no-transform\s*?(?:,|$)/i.test(c.res.headers.get("Cache-Control") ?? "")) return null;
  const vary = c.res.headers.get("Vary");
  if (vary !== "*" && !(vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) c.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  c.header("Content-Type", "application/json");
  c.header("Content-Encoding", "gzip");
  const etag = c.res.headers.get("ETag");
  if (etag && !etag.startsWith("W/")) c.header("ETag", `W/${etag}`);
  return gzipSync(JSON.stringify(data));
}
