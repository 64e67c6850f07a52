import { countsCloseAt, WRITE_IN_MESSAGES as M } from "#shared/domain/write-ins.ts";
import type { WriteInResults } from "#shared/schemas/write-ins.ts";
import { viewerIdOf, viewerOf } from "../../db/audience.ts";
import { typedRows } from "../../db/typed-rows.ts";
import type { Deps } from "../../deps.ts";
import { conflict, HttpError } from "../../http/errors.ts";
import type { SessionUser } from "../../http/session-user.ts";
import { writeInFor } from "./access.ts";
import { unblockedRows, writeInBlocksOf } from "./panel-blocks.ts";
import { participantsQuery } from "./panel.ts";
import { summaryOf } from "./summary.ts";
import { z } from "zod";
import { SIGNATURES } from "#shared/domain/author.ts";

/*
 * A write-in's results (issue 30 item 3): who showed up (joined), who wrote (a count above 0),
 * the total, and each named participant's words, sorted by label; Anonymous ones are counted,
 * never named; a writer the viewer blocks is counted, not listed. Final once counts close (the end and its grace): nothing changes them after.
 */

const resultRow = z.object({ user_id: z.string(), signature: z.enum(SIGNATURES), label: z.string().nullable(), alias: z.string().nullable(), words: z.number() });

export async function writeInResults(deps: Deps, user: SessionUser | null, id: string): Promise<WriteInResults> {
  const viewer = viewerOf(user);
  const me = viewerIdOf(viewer);
  const now = deps.clock.now();
  const row = await writeInFor(deps.db, id, viewer);
  if (row.canceled_at) throw new HttpError(410, "write_in_canceled", M.canceled);
  if (now.getTime() < row.starts_at.getTime()) throw conflict(M.notStarted, "write_in_not_started");
  const [rows, blocked] = await Promise.all([typedRows(deps.db, participantsQuery(row.id, now), resultRow), writeInBlocksOf(deps.db, me)]);
  const named = rows.filter((r) => r.label !== null);
  // The writers the viewer blocks are counted, not listed (panel-blocks.ts).
  const listed = unblockedRows(named, blocked).sort((a, b) => a.label!.localeCompare(b.label!, "en") || b.words - a.words);
  const mine = me ? rows.find((r) => r.user_id === me) : undefined;
  return {
    writeIn: summaryOf(row, viewer, now),
    final: now.getTime() > countsCloseAt({ endsAt: row.ends_at.getTime() }),
    joined: rows.length,
    writers: rows.filter((r) => r.words > 0).length,
    totalWords: rows.reduce((n, r) => n + r.words, 0),
    anonymous: rows.length - named.length,
    named: listed.map((r) => ({ label: r.label!, words: r.words, you: r.user_id === me })),
    you: mine ? { words: mine.words, signature: mine.signature } : null,
  };
}
