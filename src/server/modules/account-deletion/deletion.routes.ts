import { Hono } from "hono";
import { ACCOUNT_DELETION_MESSAGES, deleteAccountInput, deleteAccountResult, deletionPreview } from "#shared/schemas/account-deletion.ts";
import { requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { deleteAccount, deletionPreview as previewOf } from "./deletion.service.ts";

/** Password attempts per account: a stolen session cannot guess its way to deleting the account. */
export const ACCOUNT_DELETE_LIMIT = { bucket: "account-delete", windowMs: 15 * 60_000, max: 5, per: "account" } as const;

const signedInFirst = signedIn(ACCOUNT_DELETION_MESSAGES.loginRequired);

/** Deleting one's own account (issue 15 item 5), mounted under /api. */
export const accountDeletionRoutes = new Hono<AppEnv>()
  .get("/me/account/deletion-preview", signedInFirst, async (c) => {
    return respond(c, deletionPreview, await previewOf(c.get("deps").db, requireUser(c).id));
  })
  .post("/me/account/delete", signedInFirst, rateLimit(ACCOUNT_DELETE_LIMIT), validate("json", deleteAccountInput), async (c) => {
    await deleteAccount(c.get("deps"), requireUser(c), c.req.valid("json"));
    return respond(c, deleteAccountResult, { message: ACCOUNT_DELETION_MESSAGES.deleted });
  });
