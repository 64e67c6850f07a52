import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { gzipJson } from "./gzip-json.ts";

/**
 * The one way a route answers JSON: the body goes through its response schema from
 * `src/shared/schemas/`, so the contract is checked where it is made. Parsing also strips any
 * field the schema does not name — a service can never leak a column by returning it — and the
 * `c.json` it calls is typed by the schema's output, which is what `hc<AppType>` gives the client.
 */
export function respond<S extends z.ZodType<object>, U extends ContentfulStatusCode = 200>(c: Context, schema: S, body: z.input<S>, status?: U) {
  const data = checkContract(schema, body, c.req.path) as z.output<S>;
  // Gzipped here as bytes when the client takes gzip (gzip-json.ts); the same body either way.
  const gzipped = gzipJson(c, data);
  if (gzipped) return c.body(gzipped as Uint8Array<ArrayBuffer>, (status ?? 200) as U) as unknown as ReturnType<typeof c.json<z.output<S>, U>>;
  return c.json(data, (status ?? 200) as U);
}

/**
 * The server's own output against its contract. A mismatch is the server's bug, never the
 * caller's: a plain Error (a logged 500), not the ZodError that means "your input is invalid".
 */
export function checkContract<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  throw new Error(`${what} broke its contract (${where})`);
}
