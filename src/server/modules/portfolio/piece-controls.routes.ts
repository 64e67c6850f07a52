import { Hono } from "hono";
import { MESSAGES } from "#shared/errors.ts";
import { pieceControlsInput } from "#shared/schemas/piece-controls.ts";
import { pieceResponse, PORTFOLIO_MESSAGES } from "#shared/schemas/portfolio.ts";
import { requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { uuidParam } from "../../http/params.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { pieceImageCache } from "../../og/image-cache.ts";
import { updatePieceControls } from "./piece-controls.service.ts";
import { loadPiece } from "./piece.service.ts";
import { toPieceView } from "./piece-view.ts";

/** PATCH /api/submissions/:id/controls: comments off, content warning (issue 13 item 6). The writer only. */
export const pieceControlsRoutes = new Hono<AppEnv>().patch(
  "/submissions/:id/controls",
  signedIn(MESSAGES.loginToEdit),
  uuidParam(PORTFOLIO_MESSAGES.editNotFound),
  validate("json", pieceControlsInput),
  async (c) => {
    const user = requireUser(c, MESSAGES.loginToEdit);
    const { db } = c.get("deps");
    const { id } = c.req.valid("param");
    await updatePieceControls(c.get("deps"), user.id, id, c.req.valid("json"));
    // The preview image shows the warning instead of the text.
    pieceImageCache.forgetPiece(id);
    const row = await loadPiece(db, id);
    if (!row) throw notFound(PORTFOLIO_MESSAGES.editNotFound);
    return respond(c, pieceResponse, { submission: toPieceView(row, user.id) });
  },
);
