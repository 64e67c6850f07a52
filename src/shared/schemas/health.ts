import { z } from "zod";
import { isoTime } from "./common.ts";

/** GET /api/config: public settings the client mirrors. */
export const appConfig = z.object({
  siteName: z.string(),
  appUrl: z.string(),
  /** The writing time the server enforces. */
  minWritingSeconds: z.number(),
});
export type AppConfig = z.infer<typeof appConfig>;

const databaseKind = z.enum(["pglite", "postgres"]);

/** GET /api/health: 200 with "ok" while the database answers, else 503 with "error". */
export const healthResponse = z.discriminatedUnion("status", [
  z.object({ status: z.literal("ok"), database: databaseKind, ms: z.number() }),
  z.object({ status: z.literal("error"), database: databaseKind, message: z.string() }),
]);

/** Why an instance is not ready to serve: the first check that failed. */
export const readyFailure = z.enum(["shutting_down", "database", "migrations"]);
export type ReadyFailure = z.infer<typeof readyFailure>;

/** GET /api/ready: 200 while this instance can serve, else 503 naming the check that failed. */
export const readyResponse = z.discriminatedUnion("ready", [
  z.object({ ready: z.literal(true) }),
  z.object({ ready: z.literal(false), failed: readyFailure, message: z.string() }),
]);
export type ReadyResponse = z.infer<typeof readyResponse>;

/** POST /api/test/clock (TEST_CLOCK only): move the server clock forward, or back to the real time. */
export const testClockInput = z
  .object({
    advanceMs: z.number().optional().catch(undefined),
    reset: z.boolean().optional().catch(undefined),
    /** Set the clock to this instant (ISO). */
    setTo: z.iso.datetime({ offset: true }).optional().catch(undefined),
    /** Run the scheduled-email tick at the (moved) time now and wait until its mail is sent. */
    runScheduled: z.boolean().optional().catch(undefined),
  })
  .catch({});
export const testClockResponse = z.object({ now: isoTime });
