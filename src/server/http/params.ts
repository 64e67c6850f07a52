import { validator } from "hono/validator";
import { uuidSchema } from "#shared/schemas/common.ts";
import { notFound } from "./errors.ts";

/**
 * The one check of a path id, for every route with `:id`: an id that is not a UUID names
 * nothing, so it answers 404 with the route's not-found message (as a missing row would), before
 * any query. `c.req.valid("param").id` is then the id in lower case.
 */
export const uuidParam = (message = "Not found") =>
  validator("param", (value: Record<string, string>) => {
    const parsed = uuidSchema.safeParse(value.id ?? "");
    if (!parsed.success) throw notFound(message);
    return { id: parsed.data.toLowerCase() };
  });
