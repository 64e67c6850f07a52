import { Hono } from "hono";
import { displayName } from "#shared/domain/author.ts";
import { localDate } from "#shared/domain/dates.ts";
import { monthDays, monthLabel } from "#shared/domain/months.ts";
import { archiveZipName, pieceSlug } from "#shared/domain/piece-archive.ts";
import { EXPORT_MESSAGES, EXPORTS_PER_HOUR, epubExportQuery, pieceDownloadQuery, type EpubExportQuery } from "#shared/schemas/export.ts";
import { dataExportStream } from "./data-json.ts";
import { portfolioEpub } from "./portfolio-epub.tsx";
import { markdownArchive } from "./markdown-archive.ts";
import { currentVersion, pieceMarkdown, pieceText } from "./piece-files.ts";
import { requireUser, signedIn, type AppContext, type AppEnv } from "../../http/context.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { uuidParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { validate } from "../../http/validate.ts";
import { newestPieces, ownPiece, piecesByDay } from "./export.query.ts";

/*
 * Export (issue 15 item 1): every route reads only the signed-in writer's own data, generated on
 * request and streamed, never stored. There is no one else's export to ask for (an admin gets
 * their own); someone else's piece is a 404, like a private thing one may not know exists.
 */

/** Signed in, before anything else is looked at. */
const signedInFirst = signedIn(EXPORT_MESSAGES.signIn);

/** Each export reads every piece of the writer: 10 an hour is plenty for a person, not for a script. */
const exportLimit = rateLimit({ bucket: "exports", windowMs: 60 * 60_000, max: EXPORTS_PER_HOUR, per: "account" });
/** One piece is cheap: the collection downloads' limit. */
const pieceLimit = rateLimit({ bucket: "piece-downloads", windowMs: 60 * 60_000, max: 120, per: "account" });

/** Download headers: private, not sniffed, saved under `filename`. */
function attachment(c: AppContext, contentType: string, filename: string) {
  c.header("Cache-Control", "private, no-store");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Content-Type", contentType);
  c.header("Content-Disposition", `attachment; filename="${filename}"`);
}

/** The writer's own day of the export (the file names carry it). */
export const exportDay = (c: AppContext) => localDate(c.get("deps").clock.now(), c.get("timeZone"));

/** The days a book holds, [first, next), and what its title page calls them. */
function bookScope(scope: EpubExportQuery["scope"]): { first: string | null; next: string | null; label: string } {
  if (scope === "all") return { first: null, next: null, label: "All my writing" };
  if (scope.length === 4) return { first: `${scope}-01-01`, next: `${Number(scope) + 1}-01-01`, label: scope };
  return { ...monthDays(scope), label: monthLabel(scope) };
}

export const exportRoutes = new Hono<AppEnv>()
  .get("/me/export/markdown", signedInFirst, exportLimit, (c) => {
    const user = requireUser(c, EXPORT_MESSAGES.signIn);
    const { db, env, clock } = c.get("deps");
    const day = exportDay(c);
    attachment(c, "application/zip", archiveZipName(day));
    return c.body(markdownArchive(newestPieces(db, user.id), env.SITE_NAME, day, clock.now()));
  })
  /** The portfolio (or a year, or a month) as an EPUB book, signed with the writer's name or alias. */
  .get("/me/export/epub", signedInFirst, validate("query", epubExportQuery), exportLimit, (c) => {
    const user = requireUser(c, EXPORT_MESSAGES.signIn);
    const { db, env, clock } = c.get("deps");
    const query = c.req.valid("query");
    const alias = user.alias?.trim();
    if (query.name === "alias" && !alias) throw badRequest(EXPORT_MESSAGES.noAlias, "no_alias");
    const scope = bookScope(query.scope);
    const author = query.name === "alias" && alias ? alias : displayName(user.name);
    const book = { author, scopeLabel: scope.label, siteName: env.SITE_NAME, seed: user.id, now: clock.now() };
    attachment(c, "application/epub+zip", `inkwell-${query.scope === "all" ? exportDay(c) : query.scope}.epub`);
    return c.body(portfolioEpub(piecesByDay(db, user.id, scope.first, scope.next), book));
  })
  /** "All my data": one JSON document (shared/schemas/data-export.ts), streamed. */
  .get("/me/export/json", signedInFirst, exportLimit, (c) => {
    const user = requireUser(c, EXPORT_MESSAGES.signIn);
    const { db, clock } = c.get("deps");
    attachment(c, "application/json; charset=utf-8", `inkwell-data-${exportDay(c)}.json`);
    return c.body(dataExportStream(db, user.id, clock.now()));
  })
  /** One piece as .md (with front matter) or .txt: the writer's current version. */
  .get("/submissions/:id/download", signedInFirst, pieceLimit, uuidParam(EXPORT_MESSAGES.notFound), validate("query", pieceDownloadQuery), async (c) => {
    const user = requireUser(c, EXPORT_MESSAGES.signIn);
    const piece = await ownPiece(c.get("deps").db, user.id, c.req.valid("param").id);
    if (!piece) throw notFound(EXPORT_MESSAGES.notFound);
    const version = currentVersion(piece);
    const base = `${piece.localDate}-${pieceSlug(version.title, version.text)}`;
    if (c.req.valid("query").format === "txt") {
      attachment(c, "text/plain; charset=utf-8", `${base}.txt`);
      return c.body(pieceText(version));
    }
    attachment(c, "text/markdown; charset=utf-8", `${base}.md`);
    return c.body(pieceMarkdown(piece, version));
  });


