import { describe, expect, it } from "vitest";
import { REPORTS_PER_HOUR } from "#shared/domain/moderation.ts";
import { newPiece, report, t, useModerationApp } from "./test-helpers.ts";

// Issue 13 item 1: at most REPORTS_PER_HOUR reports per writer per hour, counted in the database.
useModerationApp({ AUTH_RATE_LIMIT_SCALE: "1" });

describe("POST /api/reports rate limit", () => {
  it(`refuses the report after ${REPORTS_PER_HOUR} in an hour with a 429 that says how long to wait, and takes reports again after the hour`, async () => {
    const pieces = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, () => newPiece()));
    for (const piece of pieces.slice(0, REPORTS_PER_HOUR)) expect((await report("piece", piece.id)).status).toBe(201);
    const refused = await report("piece", pieces.at(-1)!.id);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    t.deps.testClock!.advance(60 * 60 * 1000 + 1000);
    expect((await report("piece", pieces.at(-1)!.id)).status).toBe(201);
    t.deps.testClock!.reset();
  });
});
