import { validator } from "hono/validator";
import { uuidSchema } from "#shared/schemas/common.ts";
import { DELETED_WRITER_ID } from "../db/deleted-writer.ts";
import { notFound } from "./errors.ts";

/**
 * The one check of a path id, for every route with `:id`: an id that is not a UUID names
 * nothing, so it answers 404 with the route's not-found message (as a missing row would), before
 * any query. `c.req.valid("param").id` is then the id in lower case. `nobody` is an id that
 * names nothing here either.
 */
export const uuidParam = (message = "Not found", nobody?: string, key = "id") =>
  validator("param", (value: Record<string, string>) => {
    const parsed = uuidSchema.safeParse(value[key] ?? "");
    if (!parsed.success || parsed.data.toLowerCase() === nobody) throw notFound(message);
    return { id: parsed.data.toLowerCase() };
  });

/**
 * A path id naming a writer an admin may look up or act on: the shared "deleted writer"
 * (db/deleted-writer.ts) is nobody, a 404 like a missing row.
 */
export const writerParam = (message = "Not found") => uuidParam(message, DELETED_WRITER_ID);
