import { Hono } from "hono";
import { validator } from "hono/validator";
import { REPORT_ITEM_KINDS, REPORTS_PER_HOUR, type ReportItemKind } from "#shared/domain/moderation.ts";
import { uuidSchema } from "#shared/schemas/common.ts";
import {
  auditPage,
  auditQuery,
  hideAllResult,
  hideInput,
  MODERATION_MESSAGES,
  moderationResult,
  mySuspension as mySuspensionResponse,
  openReportCount as openReportCountResponse,
  reportInput,
  reportQueuePage,
  reportQueueQuery,
  reportResult,
  suspensionInput,
  suspensionState,
} from "#shared/schemas/moderation.ts";
import { adminOnly, requireAdmin, requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { writerParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { pieceImageCache } from "../../og/image-cache.ts";
import { moderateItem } from "./actions.service.ts";
import { listAudit } from "./audit.service.ts";
import { listQueue } from "./queue.service.ts";
import { fileReport, openReportCount } from "./reports.service.ts";
import { getSuspension, hideAllPieces, liftSuspension, mySuspension, notSuspended, suspend } from "./suspension.service.ts";

/** Signed-in only, before anything else is judged (a visitor always hears 401). */
const signedInFirst = signedIn(MODERATION_MESSAGES.loginToReport);
/** Admins only: a visitor 401, a writer 403, before the body or the path is judged. */
const adminFirst = adminOnly();
const reportLimit = rateLimit({ bucket: "reports", windowMs: 60 * 60_000, max: REPORTS_PER_HOUR, per: "account" });

/** `/:kind/:id`: an unknown kind or a malformed id names nothing (404, as a missing item). */
const itemParam = validator("param", (value: Record<string, string>) => {
  const id = uuidSchema.safeParse(value.id ?? "");
  const kind = REPORT_ITEM_KINDS.find((k) => k === value.kind);
  if (!id.success || !kind) throw notFound(MODERATION_MESSAGES.itemNotFound, "item_not_found");
  return { kind: kind as ReportItemKind, id: id.data.toLowerCase() };
});
const userParam = writerParam(MODERATION_MESSAGES.userNotFound);


/** Routes of the moderation module (mounted under /api): reports, the queue, suspensions, the audit log. */
export const moderationRoutes = new Hono<AppEnv>()
  .post("/reports", signedInFirst, notSuspended, reportLimit, validate("json", reportInput), async (c) => {
    const user = requireUser(c, MODERATION_MESSAGES.loginToReport);
    return respond(c, reportResult, await fileReport(c.get("deps"), user, c.req.valid("json")), 201);
  })
  .get("/me/suspension", async (c) => {
    const user = requireUser(c);
    c.header("Cache-Control", "private, no-store");
    return respond(c, mySuspensionResponse, await mySuspension(c.get("deps"), user));
  })

  // The queue and its actions: queue.service.ts, actions.service.ts
  .get("/admin/reports", adminFirst, validate("query", reportQueueQuery), async (c) => {
    const deps = c.get("deps");
    const { view, cursor } = c.req.valid("query");
    return respond(c, reportQueuePage, await listQueue(deps.db, requireAdmin(c).id, view, cursor, deps.clock.now()));
  })
  .get("/admin/reports/count", adminFirst, async (c) => respond(c, openReportCountResponse, { open: await openReportCount(c.get("deps").db) }))
  .post("/admin/moderation/:kind/:id/hide", adminFirst, itemParam, validate("json", hideInput), async (c) => {
    const { kind, id } = c.req.valid("param");
    return respond(c, moderationResult, await moderateItem(c.get("deps"), requireAdmin(c).id, "hide", kind, id, c.req.valid("json").reason));
  })
  .post("/admin/moderation/:kind/:id/restore", adminFirst, itemParam, async (c) => {
    const { kind, id } = c.req.valid("param");
    return respond(c, moderationResult, await moderateItem(c.get("deps"), requireAdmin(c).id, "restore", kind, id));
  })
  .post("/admin/moderation/:kind/:id/dismiss", adminFirst, itemParam, async (c) => {
    const { kind, id } = c.req.valid("param");
    return respond(c, moderationResult, await moderateItem(c.get("deps"), requireAdmin(c).id, "dismiss", kind, id));
  })
  .delete("/admin/moderation/:kind/:id", adminFirst, itemParam, async (c) => {
    const { kind, id } = c.req.valid("param");
    const result = await moderateItem(c.get("deps"), requireAdmin(c).id, "delete", kind, id);
    if (kind === "piece") pieceImageCache.forgetPiece(id);
    return respond(c, moderationResult, result);
  })

  // Suspensions: suspension.service.ts
  .get("/admin/users/:id/suspension", adminFirst, userParam, async (c) => {
    return respond(c, suspensionState, await getSuspension(c.get("deps"), c.req.valid("param").id));
  })
  .put("/admin/users/:id/suspension", adminFirst, userParam, validate("json", suspensionInput), async (c) => {
    return respond(c, suspensionState, await suspend(c.get("deps"), requireAdmin(c).id, c.req.valid("param").id, c.req.valid("json")));
  })
  .delete("/admin/users/:id/suspension", adminFirst, userParam, async (c) => {
    return respond(c, suspensionState, await liftSuspension(c.get("deps"), requireAdmin(c).id, c.req.valid("param").id));
  })
  .post("/admin/users/:id/hide-all", adminFirst, userParam, validate("json", hideInput), async (c) => {
    return respond(c, hideAllResult, await hideAllPieces(c.get("deps"), requireAdmin(c).id, c.req.valid("param").id, c.req.valid("json").reason));
  })

  // The audit log, read only: audit.service.ts
  .get("/admin/audit", adminFirst, validate("query", auditQuery), async (c) => respond(c, auditPage, await listAudit(c.get("deps").db, c.req.valid("query"))));
