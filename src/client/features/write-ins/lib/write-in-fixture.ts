import type { WriteInSummary } from "#shared/schemas/write-ins.ts";

/*
 * For the feature's tests only: a write-in as GET /api/write-ins sends it, without a server.
 */

const MINUTE_MS = 60_000;

/** A 30-minute community write-in starting at `startsAt` (ms), upcoming, nobody coming; `over` sets any field. */
export const writeInAt = (startsAt: number, over: Partial<WriteInSummary> = {}): WriteInSummary => ({
  id: "44444444-4444-4444-8444-444444444444",
  seriesId: "55555555-5555-4555-8555-555555555555",
  title: "Friday sprint",
  circle: null,
  startsAt: new Date(startsAt).toISOString(),
  endsAt: new Date(startsAt + 30 * MINUTE_MS).toISOString(),
  lengthMinutes: 30,
  repeat: "none",
  promptMode: "site",
  promptText: null,
  state: "upcoming",
  lateJoinUntil: new Date(startsAt + 15 * MINUTE_MS).toISOString(),
  coming: 0,
  joined: 0,
  myRsvp: false,
  joinedByMe: false,
  canManage: false,
  ...over,
});
