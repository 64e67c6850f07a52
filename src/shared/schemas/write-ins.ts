import { z } from "zod";
import { MAX_PROMPT_LENGTH, WRITE_IN_MAX_MINUTES, WRITE_IN_MAX_WORDS, WRITE_IN_MIN_MINUTES, WRITE_IN_TITLE_MAX, WRITE_INS_PAGE_SIZE } from "../constants.ts";
import { SIGNATURES } from "../domain/author.ts";
import { CIRCLE_ACCENTS } from "../domain/circles.ts";
import { isValidTimeZone } from "../domain/dates.ts";
import { WRITE_IN_MESSAGES as M, WRITE_IN_PROMPT_MODES, WRITE_IN_REPEATS, WRITE_IN_STATES } from "../domain/write-ins.ts";
import { isoTime, uuidSchema } from "./common.ts";
import { promptOutput, writingSessionResponse } from "./writing.ts";

/*
 * Write-ins (issue 30): what the API takes and answers. No route takes or answers a writer's text:
 * a count is a number, and the bodies that carry one are strict (anything else is a 400).
 */

const circleSlug = z.string().regex(/^[a-z0-9-]{1,80}$/, "Circle not found");

/** POST /api/write-ins */
export const scheduleWriteInInput = z
  .strictObject({
    /** null: the whole community (site admins). */
    circle: circleSlug.nullable().default(null),
    title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(WRITE_IN_TITLE_MAX, M.titleTooLong),
    startsAt: z.iso.datetime({ offset: true, error: M.badStart }),
    /** The scheduler's zone: a weekly write-in keeps its wall time there across daylight saving. */
    timeZone: z.string().refine(isValidTimeZone, "Unknown time zone").default("UTC"),
    lengthMinutes: z.number({ error: M.badLength }).int(M.badLength).min(WRITE_IN_MIN_MINUTES, M.badLength).max(WRITE_IN_MAX_MINUTES, M.badLength),
    repeat: z.enum(WRITE_IN_REPEATS).default("none"),
    promptMode: z.enum(WRITE_IN_PROMPT_MODES).default("site"),
    /** The write-in's own prompt (promptMode "own" only, and required there): an admin's prompt's limits. */
    promptText: z.string({ error: M.promptRequired }).trim().max(MAX_PROMPT_LENGTH, M.promptTooLong).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.promptMode === "own" && !v.promptText) ctx.addIssue({ code: "custom", path: ["promptText"], message: M.promptRequired });
    if (v.promptMode !== "own" && v.promptText !== undefined) ctx.addIssue({ code: "custom", path: ["promptText"], message: M.promptTextUnused });
  });
export type ScheduleWriteInInput = z.output<typeof scheduleWriteInInput>;

export const writeInListQuery = z.object({
  circle: circleSlug.optional(),
  when: z.enum(["upcoming", "past"]).default("upcoming"),
  cursor: z.string().max(200, M.badCursor).optional(),
  /** A page's size: 20 unless a caller wants fewer (the writing page's notice asks for the next few, issue 30 item 1). */
  limit: z.coerce.number({ error: M.badLimit }).int(M.badLimit).min(1, M.badLimit).max(WRITE_INS_PAGE_SIZE, M.badLimit).default(WRITE_INS_PAGE_SIZE),
});
export type WriteInListQuery = z.output<typeof writeInListQuery>;

export const cancelWriteInQuery = z.object({ scope: z.enum(["this", "following"]).default("this") });

export const joinWriteInInput = z.strictObject({ signature: z.enum(SIGNATURES).optional() });
export const writeInCountInput = z.strictObject({ words: z.number().int().min(0).max(WRITE_IN_MAX_WORDS) });
export const leaveWriteInInput = z.strictObject({ words: z.number().int().min(0).max(WRITE_IN_MAX_WORDS).optional() });

export const writeInSummary = z.object({
  id: uuidSchema,
  seriesId: uuidSchema,
  title: z.string(),
  circle: z.object({ id: uuidSchema, slug: z.string(), name: z.string(), accent: z.enum(CIRCLE_ACCENTS) }).nullable(),
  startsAt: isoTime,
  endsAt: isoTime,
  lengthMinutes: z.number().int(),
  repeat: z.enum(WRITE_IN_REPEATS),
  promptMode: z.enum(WRITE_IN_PROMPT_MODES),
  /** The write-in's own prompt's words (promptMode "own"; null otherwise), read by those who may read the write-in. */
  promptText: z.string().nullable(),
  state: z.enum(WRITE_IN_STATES),
  lateJoinUntil: isoTime,
  coming: z.number().int(),
  joined: z.number().int(),
  myRsvp: z.boolean(),
  joinedByMe: z.boolean(),
  canManage: z.boolean(),
});
export type WriteInSummary = z.infer<typeof writeInSummary>;

export const writeInList = z.object({ items: z.array(writeInSummary), nextCursor: z.string().nullable() });
export type WriteInList = z.infer<typeof writeInList>;

export const writeInDetail = z.object({ writeIn: writeInSummary, now: z.number() });
export type WriteInDetail = z.infer<typeof writeInDetail>;

export const scheduledWriteIn = z.object({ writeIn: writeInSummary, next: z.array(isoTime) });
export type ScheduledWriteIn = z.infer<typeof scheduledWriteIn>;

export const joinedWriteIn = z.object({
  writeIn: writeInSummary,
  prompt: promptOutput,
  signature: z.enum(SIGNATURES),
  words: z.number().int(),
  /** This writer's seat in the panel (its `named` entries and `yourSeat` use it). */
  seat: z.number().int(),
  late: z.boolean(),
  /** The ten-minute rule's session: it starts at the write-in's start (or, for a late joiner, when they joined). */
  writingSession: writingSessionResponse,
  now: z.number(),
});
export type JoinedWriteIn = z.infer<typeof joinedWriteIn>;

export const countAccepted = z.object({ words: z.number().int(), now: z.number() });
export const leftWriteIn = z.object({ ok: z.literal(true), now: z.number() });

/** The live panel: how many write, and the named ones' counts (never a user id: a seat is a number within one write-in). */
export const writeInPanel = z.object({
  id: uuidSchema,
  state: z.enum(WRITE_IN_STATES),
  now: z.number(),
  joined: z.number().int(),
  writing: z.number().int(),
  totalWords: z.number().int(),
  anonymous: z.number().int(),
  named: z.array(z.object({ seat: z.number().int(), label: z.string(), words: z.number().int(), writing: z.boolean() })),
  /** The viewer's own seat (GET only; the live stream sends one body to all, with null: the page knows its seat from joining). */
  yourSeat: z.number().int().nullable(),
});
export type WriteInPanel = z.infer<typeof writeInPanel>;

/**
 * The live stream's frame between whole panels (`event: delta`): the totals as they are now, the
 * named entries that changed since the last frame (whole entries: applied by seat, in any order)
 * and the seats no longer named. A page that missed one gets a whole panel when it reconnects.
 */
export const writeInPanelDelta = writeInPanel.omit({ named: true, yourSeat: true }).extend({
  named: writeInPanel.shape.named,
  gone: z.array(z.number().int()),
});
export type WriteInPanelDelta = z.infer<typeof writeInPanelDelta>;

export const writeInResults = z.object({
  writeIn: writeInSummary,
  final: z.boolean(),
  joined: z.number().int(),
  writers: z.number().int(),
  totalWords: z.number().int(),
  anonymous: z.number().int(),
  named: z.array(z.object({ label: z.string(), words: z.number().int(), you: z.boolean() })),
  you: z.object({ words: z.number().int(), signature: z.enum(SIGNATURES) }).nullable(),
});
export type WriteInResults = z.infer<typeof writeInResults>;

export const serverTime = z.object({ now: z.number() });
