import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { localDate } from "#shared/domain/dates.ts";
import { createPrompt, createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { submissionCounts, submissionCountsQuery } from "../admin/admin.shared.ts";
import { listPromptSubmissions } from "../admin/prompts.service.ts";
import { promptHistoryQuery } from "./prompt-history.query.ts";
import { queryPromptHistory } from "./prompt-history.service.ts";
import { admin, insertPieces, minutesAgo, t, useCommunityApp, writer } from "./test-helpers.ts";

/*
 * Pieces per prompt are kept beside the pieces (prompt_piece_counts, migration 0019) so that the
 * prompt filter and the admin's prompts database read a few rows, not every piece (issue 28 item
 * 5). The counts stay right through everything that adds, removes, hides or restores a piece.
 */

useCommunityApp();

interface Counts {
  /** The prompt filter's count: public, not hidden. */
  shown: number | undefined;
  /** The admin's count: public, hidden or not. */
  public: number;
  /** The scheduler's count: every piece. */
  all: number;
}

let promptId: string;
let author: TestUser;

async function counts(): Promise<Counts> {
  const history = await queryPromptHistory(t.deps.db, localDate(t.deps.clock.now(), "UTC"));
  return {
    shown: history.prompts.find((p) => p.id === promptId)?.responseCount,
    public: (await listPromptSubmissions(t.deps.db, promptId, undefined)).total,
    all: (await submissionCounts(t.deps.db, [promptId], false)).get(promptId) ?? 0,
  };
}

const ok = async (res: Promise<Response>) => expect((await res).status).toBe(200);

/** Names of the tables a statement's plan reads. */
async function tablesRead(query: SQL): Promise<string[]> {
  const { rows } = (await t.deps.db.execute(sql`explain (analyze, format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const raw = Object.values(rows[0]!)[0];
  const names: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (typeof node["Relation Name"] === "string") names.push(node["Relation Name"]);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(((typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[])[0]!.Plan);
  return names;
}

beforeAll(async () => {
  promptId = (await createPrompt(t, { date: "2020-01-01", text: "A prompt whose pieces come and go" })).id;
  author = await createUser(t, { name: "Counted Writer" });
});

describe("pieces per prompt", () => {
  test("stay right through publish, trash, restore, moderation, purge and account deletion", async () => {
    const ida = (await createSubmission(t, author, { promptId })).id;
    const idb = (await createSubmission(t, author, { promptId })).id;
    const idc = (await createSubmission(t, author, { promptId })).id;
    await createSubmission(t, author, { promptId, isPrivate: true });
    const someoneElse = await createUser(t, { name: "Someone Else" });
    await createSubmission(t, someoneElse, { promptId });
    expect(await counts()).toEqual({ shown: 4, public: 4, all: 5 });

    await ok(t.request(`/api/submissions/${ida}`, { method: "DELETE", cookie: author.cookie }));
    expect(await counts()).toEqual({ shown: 3, public: 3, all: 4 });
    await ok(t.request(`/api/me/trash/${ida}/restore`, { method: "POST", cookie: author.cookie }));
    expect(await counts()).toEqual({ shown: 4, public: 4, all: 5 });

    await ok(t.request(`/api/admin/moderation/piece/${idb}/hide`, { json: { reason: "Off topic" }, cookie: admin.cookie }));
    expect(await counts()).toEqual({ shown: 3, public: 4, all: 5 });
    await ok(t.request(`/api/admin/moderation/piece/${idb}/restore`, { method: "POST", cookie: admin.cookie }));
    expect(await counts()).toEqual({ shown: 4, public: 4, all: 5 });

    await ok(t.request(`/api/submissions/${idc}`, { method: "DELETE", cookie: author.cookie }));
    await ok(t.request(`/api/me/trash/${idc}`, { method: "DELETE", cookie: author.cookie }));
    expect(await counts()).toEqual({ shown: 3, public: 3, all: 4 });

    await ok(t.request("/api/me/account/delete", { json: { password: author.password, publicPieces: "delete" }, cookie: author.cookie }));
    expect(await counts()).toEqual({ shown: 1, public: 1, all: 1 });
  });

  test("the prompt filter and the admin's counts read no piece, however many there are", async () => {
    await insertPieces(Array.from({ length: 300 }, (_, i) => ({ user: writer, promptId, createdAt: minutesAgo(i + 1), content: `Piece ${i}` })));
    const today = localDate(t.deps.clock.now(), "UTC");
    expect(await tablesRead(promptHistoryQuery(today))).not.toContain("submissions");
    expect(await tablesRead(submissionCountsQuery(t.deps.db, [promptId], true).getSQL())).not.toContain("submissions");
    expect((await counts()).public).toBe(301);
  });
});
