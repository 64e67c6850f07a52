import { Hono } from "hono";
import { collectionDownloadQuery, collectionParam, collectionResponse, COLLECTION_MESSAGES } from "#shared/schemas/collections.ts";
import { collectionEpub } from "../export/collection-epub.tsx";
import { collectionMarkdown } from "../export/collection-markdown.ts";
import { requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { getCollection } from "./collection.service.ts";

/**
 * A writer's monthly collection (issue 14 item 4), private to them: every route reads only the
 * caller's own pieces, so there is no one else's collection to ask for (an admin gets their own).
 */
/** Signed in, before anything else is looked at: a visitor is asked to sign in whatever the address. */
const signedInFirst = signedIn(COLLECTION_MESSAGES.signIn);

/** A book is built per download: plenty for a person, not for a script. */
const downloadLimit = rateLimit({ bucket: "collection-downloads", windowMs: 60 * 60_000, max: 60, per: "account" });

export const collectionsRoutes = new Hono<AppEnv>()
  .get("/collections/:month", signedInFirst, validate("param", collectionParam), async (c) => {
    const user = requireUser(c, COLLECTION_MESSAGES.signIn);
    c.header("Cache-Control", "private, no-store");
    return respond(c, collectionResponse, await getCollection(c.get("deps").db, user.id, c.req.valid("param").month));
  })
  /** The collection as a file: Markdown or EPUB, downloaded (Content-Disposition: attachment). */
  .get("/collections/:month/download", signedInFirst, downloadLimit, validate("param", collectionParam), validate("query", collectionDownloadQuery), async (c) => {
    const user = requireUser(c, COLLECTION_MESSAGES.signIn);
    const { db, env, clock } = c.get("deps");
    const { month } = c.req.valid("param");
    const collection = await getCollection(db, user.id, month);
    const name = `${env.SITE_NAME.replace(/[^A-Za-z0-9._-]+/g, "-") || "collection"}-${month}`;
    c.header("Cache-Control", "private, no-store");
    c.header("X-Content-Type-Options", "nosniff");
    if (c.req.valid("query").format === "md") {
      c.header("Content-Type", "text/markdown; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="${name}.md"`);
      return c.body(collectionMarkdown(collection, env.SITE_NAME));
    }
    const book = collectionEpub(collection, env.SITE_NAME, user.id, clock.now());
    c.header("Content-Type", "application/epub+zip");
    c.header("Content-Disposition", `attachment; filename="${name}.epub"`);
    return c.body(book.buffer.slice(book.byteOffset, book.byteOffset + book.byteLength) as ArrayBuffer);
  });
