import { Hono } from "hono";
import { purgeResponse, restoreResponse, trashPage, trashQuery, TRASH_MESSAGES } from "#shared/schemas/trash.ts";
import { adminOnly, requireAdmin, requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { uuidParam } from "../../http/params.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { listTrash } from "./trash-list.ts";
import { deleteForever, restoreFromTrash } from "./trash.service.ts";

/**
 * Trash (issue 15 item 3): the writer lists, restores and deletes for good their own trashed
 * pieces; anyone else's is a 404 (admins included). Only an admin brings back a piece an admin
 * removed as it was (public); its writer's restore brings it back private.
 */
export const trashRoutes = new Hono<AppEnv>()
  .get("/me/trash", signedIn(TRASH_MESSAGES.loginToSeeTrash), validate("query", trashQuery), async (c) => {
    const user = requireUser(c, TRASH_MESSAGES.loginToSeeTrash);
    c.header("Cache-Control", "private, no-store");
    return respond(c, trashPage, await listTrash(c.get("deps").db, user.id, c.req.valid("query").cursor));
  })
  .post("/me/trash/:id/restore", signedIn(TRASH_MESSAGES.loginToSeeTrash), uuidParam(TRASH_MESSAGES.notFound), async (c) => {
    const user = requireUser(c, TRASH_MESSAGES.loginToSeeTrash);
    return respond(c, restoreResponse, await restoreFromTrash(c.get("deps"), { userId: user.id }, c.req.valid("param").id));
  })
  .delete("/me/trash/:id", signedIn(TRASH_MESSAGES.loginToSeeTrash), uuidParam(TRASH_MESSAGES.notFound), async (c) => {
    const user = requireUser(c, TRASH_MESSAGES.loginToSeeTrash);
    const { id } = c.req.valid("param");
    await deleteForever(c.get("deps").db, user.id, id);
    return respond(c, purgeResponse, { id, deleted: true });
  })
  .post("/admin/trash/:id/restore", adminOnly(), uuidParam(TRASH_MESSAGES.notInWritersTrash), async (c) => {
    const admin = requireAdmin(c);
    return respond(c, restoreResponse, await restoreFromTrash(c.get("deps"), { adminId: admin.id }, c.req.valid("param").id));
  });
