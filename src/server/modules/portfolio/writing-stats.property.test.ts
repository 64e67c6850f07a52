import fc from "fast-check";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { submissions } from "#server/db/schema/index.ts";
import { localDate } from "#shared/domain/dates.ts";
import { pagesFor } from "#shared/domain/words.ts";
import { createUser } from "#tests/factories.ts";
import { t, usePortfolioApp } from "./test-helpers.ts";
import { getStats, insertPieces, type CalendarPiece } from "./writing-stats.test-helpers.ts";

usePortfolioApp();

const ZONES = ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Pacific/Kiritimati", "Etc/GMT+12", "Asia/Kolkata"];
const YEAR = 2031;

/** The hour of `at` on `zone`'s clock. */
const hourIn = (at: Date, zone: string) => Number(new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", hourCycle: "h23" }).format(at));

const piece = fc.record({
  at: fc.date({ min: new Date("2030-12-25T00:00:00Z"), max: new Date("2032-01-05T00:00:00Z"), noInvalidDate: true }),
  zone: fc.constantFrom(...ZONES),
  words: fc.integer({ min: 1, max: 5000 }),
  imported: fc.boolean(),
});

describe("the writing calendar equals a plain sum of the pieces (issue 16 item 6, property)", () => {
  // One writer per zone, signed up once: a sign-up hashes a password, far slower than a run of the property.
  it("for random pieces, zones and imports: days, totals, months and the usual hour", { timeout: 120_000 }, async () => {
    const writers = new Map<string, Awaited<ReturnType<typeof createUser>>>();
    for (const zone of ZONES) writers.set(zone, await createUser(t, { timeZone: zone }));
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 25 }), fc.constantFrom(...ZONES), async (pieces: CalendarPiece[], writerZone) => {
        const w = writers.get(writerZone)!;
        await t.deps.db.delete(submissions).where(eq(submissions.userId, w.id));
        await insertPieces(t, w.id, pieces);
        const res = await getStats(t, w.cookie, `?year=${YEAR}`);
        expect(res.status).toBe(200);

        const counted = pieces.filter((p) => !p.imported && localDate(p.at, p.zone).startsWith(`${YEAR}-`));
        const byDay = new Map<string, { words: number; pieces: number }>();
        const byHour = new Map<number, number>();
        const months = Array.from({ length: 12 }, () => 0);
        for (const p of counted) {
          const date = localDate(p.at, p.zone);
          const day = byDay.get(date) ?? { words: 0, pieces: 0 };
          byDay.set(date, { words: day.words + p.words, pieces: day.pieces + 1 });
          const hour = hourIn(p.at, writerZone);
          byHour.set(hour, (byHour.get(hour) ?? 0) + 1);
          months[Number(date.slice(5, 7)) - 1]! += 1;
        }
        const days = [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, d]) => ({ date, ...d }));
        const words = counted.reduce((s, p) => s + p.words, 0);
        // In whole hundredths, as pages are stored: a float sum of them drifts.
        const hundredths = counted.reduce((s, p) => s + Math.round(pagesFor(p.words) * 100), 0);
        const most = Math.max(0, ...byHour.values());
        const usualHour = most ? Math.min(...[...byHour].filter(([, n]) => n === most).map(([h]) => h)) : null;

        expect(res.body.days).toEqual(days);
        expect(res.body.totals).toEqual({
          words,
          pieces: counted.length,
          pages: Math.round(hundredths / 10) / 10,
          writingDays: days.length,
          averageWordsPerDay: days.length ? Math.round(words / days.length) : 0,
        });
        expect(res.body.piecesPerMonth).toEqual(months);
        expect(res.body.usualHour).toBe(usualHour);
      }),
      {
        numRuns: 25,
        // Found on PostgreSQL: days of 16.70 and 24.65 pages, whose float sum 41.349999… was shown as 41.3.
        examples: [
          [
            [
              { at: new Date("2031-01-01T00:00:00.000Z"), zone: "UTC", words: 4174, imported: false },
              { at: new Date("2031-01-02T00:00:00.000Z"), zone: "UTC", words: 2967, imported: false },
              { at: new Date("2031-01-01T15:00:00.000Z"), zone: "Asia/Tokyo", words: 3194, imported: false },
            ],
            "UTC",
          ],
        ],
      },
    );
  });
});
