import { Hono } from "hono";
import { localDate } from "#shared/domain/dates.ts";
import { ROUTE_PATHS } from "#shared/routes.ts";
import { WRITE_IN_MESSAGES as M } from "#shared/domain/write-ins.ts";
import {
  cancelWriteInQuery,
  countAccepted,
  joinedWriteIn,
  joinWriteInInput,
  leaveWriteInInput,
  leftWriteIn,
  scheduledWriteIn,
  scheduleWriteInInput,
  serverTime,
  writeInCountInput,
  writeInDetail,
  writeInList,
  writeInListQuery,
  writeInPanel as writeInPanelSchema,
  writeInResults as writeInResultsSchema,
  writeInSummary,
} from "#shared/schemas/write-ins.ts";
import { viewerOf } from "../../db/audience.ts";
import { requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { uuidParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { notSuspended } from "../moderation/suspension.service.ts";
import { writeInFor } from "./access.ts";
import { writeInCalendar } from "./ics.ts";
import { listWriteIns } from "./list.service.ts";
import { writeInPanel } from "./panel.ts";
import { panelStream } from "./panel-sse.ts";
import { writeInResults } from "./results.service.ts";
import { cancelWriteIn, scheduleWriteIn } from "./schedule.service.ts";
import { joinWriteIn, leaveWriteIn, recordCount, setRsvp } from "./session.service.ts";
import { summaryOf } from "./summary.ts";

/*
 * Write-ins (issue 30), mounted under /api. Who may do what is modules/write-ins/access.ts; the
 * server's clock answers every time question (GET /api/time gives it to the browser).
 */

const HOUR = 60 * 60 * 1000;
const scheduleLimit = rateLimit({ bucket: "write-in-schedule", windowMs: HOUR, max: 20, per: "account" });
const rsvpLimit = rateLimit({ bucket: "write-in-rsvp", windowMs: HOUR, max: 60, per: "account" });
const joinLimit = rateLimit({ bucket: "write-in-join", windowMs: HOUR, max: 30, per: "account" });
const writeInId = uuidParam(M.notFound);

export const writeInsRoutes = new Hono<AppEnv>()
  /** The server's clock, for a browser whose own may be wrong (issue 30 item 2). */
  .get("/time", (c) => {
    c.header("Cache-Control", "no-store");
    return respond(c, serverTime, { now: c.get("deps").clock.now().getTime() });
  })
  .get("/write-ins", validate("query", writeInListQuery), async (c) => {
    const deps = c.get("deps");
    return respond(c, writeInList, await listWriteIns(deps.db, c.get("user") ?? null, c.req.valid("query"), deps.clock.now()));
  })
  .post("/write-ins", signedIn(), notSuspended, scheduleLimit, validate("json", scheduleWriteInInput), async (c) => {
    return respond(c, scheduledWriteIn, await scheduleWriteIn(c.get("deps"), requireUser(c), c.req.valid("json")), 201);
  })
  .get("/write-ins/:id", writeInId, async (c) => {
    const deps = c.get("deps");
    const viewer = viewerOf(c.get("user"));
    const now = deps.clock.now();
    const row = await writeInFor(deps.db, c.req.valid("param").id, viewer);
    return respond(c, writeInDetail, { writeIn: summaryOf(row, viewer, now), now: now.getTime() });
  })
  .delete("/write-ins/:id", signedIn(), notSuspended, scheduleLimit, writeInId, validate("query", cancelWriteInQuery), async (c) => {
    await cancelWriteIn(c.get("deps"), requireUser(c), c.req.valid("param").id, c.req.valid("query").scope);
    return respond(c, leftWriteIn, { ok: true, now: c.get("deps").clock.now().getTime() });
  })
  .put("/write-ins/:id/rsvp", signedIn(), rsvpLimit, writeInId, async (c) => {
    return respond(c, writeInSummary, await setRsvp(c.get("deps"), requireUser(c), c.req.valid("param").id, true));
  })
  .delete("/write-ins/:id/rsvp", signedIn(), rsvpLimit, writeInId, async (c) => {
    return respond(c, writeInSummary, await setRsvp(c.get("deps"), requireUser(c), c.req.valid("param").id, false));
  })
  .post("/write-ins/:id/join", signedIn(M.signInToJoin), joinLimit, writeInId, validate("json", joinWriteInInput), async (c) => {
    const deps = c.get("deps");
    const today = localDate(deps.clock.now(), c.get("timeZone"));
    return respond(c, joinedWriteIn, await joinWriteIn(deps, requireUser(c), c.req.valid("param").id, c.req.valid("json").signature, today));
  })
  .post("/write-ins/:id/count", signedIn(), writeInId, validate("json", writeInCountInput), async (c) => {
    const deps = c.get("deps");
    const words = await recordCount(deps, requireUser(c), c.req.valid("param").id, c.req.valid("json").words);
    return respond(c, countAccepted, { words, now: deps.clock.now().getTime() });
  })
  .post("/write-ins/:id/leave", signedIn(), joinLimit, writeInId, validate("json", leaveWriteInInput), async (c) => {
    const deps = c.get("deps");
    await leaveWriteIn(deps, requireUser(c), c.req.valid("param").id, c.req.valid("json").words);
    return respond(c, leftWriteIn, { ok: true, now: deps.clock.now().getTime() });
  })
  .get("/write-ins/:id/panel", writeInId, async (c) => {
    c.header("Cache-Control", "no-store");
    return respond(c, writeInPanelSchema, await writeInPanel(c.get("deps"), c.get("user") ?? null, c.req.valid("param").id));
  })
  .get("/write-ins/:id/panel/stream", writeInId, (c) => panelStream(c, c.req.valid("param").id))
  .get("/write-ins/:id/results", writeInId, async (c) => {
    return respond(c, writeInResultsSchema, await writeInResults(c.get("deps"), c.get("user") ?? null, c.req.valid("param").id));
  })
  /** An .ics file to add the write-in to a calendar (issue 30 item 1): downloaded with the session, as the page is read. */
  .get("/write-ins/:id/calendar.ics", writeInId, async (c) => {
    const deps = c.get("deps");
    const row = await writeInFor(deps.db, c.req.valid("param").id, viewerOf(c.get("user")));
    const minutes = Math.round((row.ends_at.getTime() - row.starts_at.getTime()) / 60_000);
    const url = `${deps.env.APP_URL}${ROUTE_PATHS.writeIn.replace(":id", row.id)}`;
    const body = writeInCalendar(
      [
        {
          uid: `${row.id}@${new URL(deps.env.APP_URL).host}`,
          title: row.circle_name ? `${row.circle_name}: ${row.title}` : row.title,
          startsAt: row.starts_at,
          endsAt: row.ends_at,
          canceled: row.canceled_at !== null,
          url,
          description: `Write together for ${minutes} minutes. Join: ${url}`,
        },
      ],
      deps.clock.now(),
    );
    return c.body(body, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="write-in-${row.starts_at.toISOString().slice(0, 10)}.ics"`,
      "Cache-Control": "private, no-store",
    });
  });
