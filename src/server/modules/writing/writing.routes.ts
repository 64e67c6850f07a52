import { Hono, type MiddlewareHandler } from "hono";
import { MESSAGES } from "#shared/errors.ts";
import { localDate } from "#shared/domain/dates.ts";
import {
  freewritePromptResponse,
  submissionInput,
  submissionResponse,
  todayPromptResponse,
  writingSessionResponse,
} from "#shared/schemas/writing.ts";
import { requireUser, type AppEnv } from "../../http/context.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { refuseIfSuspended } from "../moderation/suspension.service.ts";
import { createSubmission } from "./create-submission.service.ts";
import { getFreewritePrompt, getTodayPrompt } from "./prompts.service.ts";
import { startWritingSession } from "./writing-sessions.service.ts";

/** Minting writing sessions: at most this many per client per window (scaled by AUTH_RATE_LIMIT_SCALE). */
const WRITING_SESSION_RATE_WINDOW_MS = 60_000;
const WRITING_SESSION_RATE_MAX = 30;

/** Signed-out callers are refused before their body is judged, in the spec's words for the action. */
const requireWriter: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) {
    const body = (await c.req.json().catch(() => null)) as { action?: unknown } | null;
    requireUser(c, body?.action === "save" ? MESSAGES.loginToSave : MESSAGES.loginToSubmit);
  }
  await next();
};

/** Routes of the writing module (mounted under /api). */
export const writingRoutes = new Hono<AppEnv>()
  /** The prompt of the caller's own calendar date (X-Time-Zone), for visitors too. */
  .get("/prompts/today", async (c) => {
    const { db, clock } = c.get("deps");
    return respond(c, todayPromptResponse, await getTodayPrompt(db, localDate(clock.now(), c.get("timeZone"))));
  })
  /** The "Freewrite Session" prompt, created when missing. */
  .get("/prompts/freewrite", async (c) => {
    return respond(c, freewritePromptResponse, { prompt: await getFreewritePrompt(c.get("deps").db) });
  })
  /** Starts the clock on a piece: a signed token the save or publish must carry. Limited per client. */
  .post("/writing-sessions", rateLimit({ bucket: "writing-sessions", windowMs: WRITING_SESSION_RATE_WINDOW_MS, max: WRITING_SESSION_RATE_MAX }), async (c) => {
    const deps = c.get("deps");
    const today = localDate(deps.clock.now(), c.get("timeZone"));
    return respond(c, writingSessionResponse, await startWritingSession(deps, c.get("user"), today), 201);
  })
  /** Saves privately or publishes (spec §5); 201 when created, 200 when the idempotency key was seen. */
  .post("/submissions", requireWriter, validate("json", submissionInput), async (c) => {
    const user = requireUser(c, MESSAGES.loginToSubmit);
    const input = c.req.valid("json");
    // Suspended writers may still save privately (issue 13): only publishing is refused.
    if (input.action === "publish") await refuseIfSuspended(c.get("deps"), user);
    const { created, response } = await createSubmission(c.get("deps"), user, c.get("timeZone"), input);
    return respond(c, submissionResponse, response, created ? 201 : 200);
  });
