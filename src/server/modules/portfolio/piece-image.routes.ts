import { Hono } from "hono";
import { validator } from "hono/validator";
import { uuidSchema } from "#shared/schemas/common.ts";
import { pieceDisplayTitle, pieceKindLabel, pieceQuery } from "#shared/schemas/portfolio.ts";
import { viewerOf } from "../../db/audience.ts";
import type { AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { validate } from "../../http/validate.ts";
import { pieceImageCache } from "../../og/image-cache.ts";
import { renderPieceImage } from "../../og/piece-image.ts";
import { readablePiece } from "./piece.service.ts";
import { pieceAuthorLabel, publicFace } from "./piece-view.ts";

/** Preview images each client may ask for per minute (drawing one costs real CPU; cached ones still read the database). */
export const OG_RATE_LIMIT_MAX = 60;
export const OG_RATE_LIMIT_WINDOW_MS = 60_000;
/**
 * How long browsers (and, for public pieces, shared caches) may keep a preview image: short, since
 * a piece hidden by moderators or given a content warning must stop showing its old face soon.
 */
export const OG_PUBLIC_MAX_AGE_S = 300;
export const OG_SHARED_MAX_AGE_S = 300;
const ogRateLimit = rateLimit({ bucket: "og", windowMs: OG_RATE_LIMIT_WINDOW_MS, max: OG_RATE_LIMIT_MAX });

/** `/og/<id>.png`: the id checked as every `:id` path param is (not a UUID: 404, before any query). */
const pngOfPiece = validator("param", (value: Record<string, string>) => {
  const id = uuidSchema.safeParse(/^(.*)\.png$/i.exec(value.file ?? "")?.[1]);
  if (!id.success) throw notFound();
  return { id: id.data.toLowerCase() };
});

/** GET /api/og/:id.png?share= — the preview image, only for pieces this request may read. */
export const pieceImageRoutes = new Hono<AppEnv>().get("/og/:file", ogRateLimit, pngOfPiece, validate("query", pieceQuery), async (c) => {
  const { db, clock, env } = c.get("deps");
  const user = c.get("user");
  const share = c.req.valid("query").share;
  const row = await readablePiece(db, viewerOf(user), c.req.valid("param").id, share, clock.now());
  if (!row) throw notFound();
  const face = publicFace(row);
  const author = pieceAuthorLabel(row);
  const warning = row.contentWarning;
  const png = await pieceImageCache.getOrRender(`${row.id}:${row.updatedAt.toISOString()}:${author}:${env.SITE_NAME}:${warning ?? ""}`, () =>
    renderPieceImage({
      title: pieceDisplayTitle(face.title, row.prompt),
      authorLabel: author,
      wordCount: face.wordCount,
      kind: pieceKindLabel(row.prompt),
      siteName: env.SITE_NAME,
      contentWarning: warning,
    }),
  );
  // A private piece's image is for whoever holds the link: never kept by shared caches.
  c.header("Cache-Control", row.isPrivate ? `private, max-age=${OG_SHARED_MAX_AGE_S}` : `public, max-age=${OG_PUBLIC_MAX_AGE_S}`);
  c.header("Content-Type", "image/png");
  return c.body(new Uint8Array(png), 200);
});
