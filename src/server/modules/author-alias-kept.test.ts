import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CommentList } from "#shared/schemas/community.ts";
import { submissions } from "#server/db/schema/index.ts";
import { createPrompt, createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { getJson, SURFACES, type ShownPiece } from "./author-surfaces.test-helpers.ts";
import { other, t, usePortfolioApp } from "./portfolio/test-helpers.ts";
import { submit } from "./writing/test-helpers.ts";

/*
 * Issue 11, item 11: a piece keeps the signature it was published with. A writer publishes
 * under alias A, changes it to B (then removes it): the old piece still shows A on every
 * surface, the new one B, the anonymous one "Anonymous" — and neither alias nor the name ever
 * appears on the anonymous piece.
 */

vi.mock("#server/og/piece-image.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("#server/og/piece-image.ts")>();
  return { ...real, renderPieceImage: vi.fn(real.renderPieceImage) };
});

usePortfolioApp();

const NAME = "Wren Realname";
const FIRST = "Alias Alder";
const SECOND = "Alias Birch";

let writer: TestUser;
let promptId: string;
let underFirst: ShownPiece;
let anonymous: ShownPiece;
let theirs: string;

async function publish(title: string, signature: "alias" | "anonymous"): Promise<ShownPiece> {
  const res = await submit<{ submission: { id: string } }>(t, writer, { title, signature, promptId, content: `Ten minutes on ${title}.` });
  expect(res.status, title).toBe(201);
  const id = res.body.submission.id;
  // Featured, so the podiums show it too.
  await t.deps.db.update(submissions).set({ isFeatured: true, featuredAt: t.deps.clock.now() }).where(inArray(submissions.id, [id]));
  return { id, title, promptId, signature };
}

const setAlias = async (alias: string | null) => {
  const res = await t.json(`/api/me/profile`, { method: "PATCH", json: { name: NAME, alias }, cookie: writer.cookie });
  expect(res.status).toBe(200);
};

const comment = async (pieceId: string, content: string) => {
  const res = await t.json(`/api/community/pieces/${pieceId}/comments`, { json: { content }, cookie: writer.cookie });
  expect(res.status).toBe(201);
};
const commentLabel = async (pieceId: string, content: string) =>
  (await getJson<CommentList>(`/api/community/pieces/${pieceId}/comments`)).comments.find((c) => c.content === content)?.authorLabel;

/** Every surface shows `label` for the piece, and nothing in `hidden`. */
async function expectEverywhere(piece: ShownPiece, label: string, hidden: string[]) {
  for (const [surface, read] of Object.entries(SURFACES)) {
    const shown = await read(piece);
    expect(shown.label, `${surface}: ${piece.title}`).toBe(label);
    for (const secret of hidden) expect(shown.text, `${surface}: ${piece.title} shows "${secret}"`).not.toContain(secret);
  }
}

beforeAll(async () => {
  writer = await createUser(t, { name: NAME, alias: FIRST });
  promptId = (await createPrompt(t, { text: "Write about a name you used to answer to" })).id;
  underFirst = await publish("Signed with the first alias", "alias");
  anonymous = await publish("Signed by no one", "anonymous");
  theirs = (await createSubmission(t, other, { promptId })).id;
  await comment(underFirst.id, "My own note, first alias");
  await setAlias(SECOND);
  await comment(theirs, "A note on someone else's piece");
});

describe("a piece keeps the alias it was published with", () => {
  it("shows the old alias on the old piece and the new alias on a new piece, on every surface", async () => {
    const underSecond = await publish("Signed with the second alias", "alias");
    await expectEverywhere(underFirst, FIRST, [NAME, SECOND, writer.email]);
    await expectEverywhere(underSecond, SECOND, [NAME, FIRST, writer.email]);
  });

  it("keeps an anonymous piece anonymous: no alias, old or new, and no name", async () => {
    await expectEverywhere(anonymous, "Anonymous", [NAME, FIRST, SECOND, writer.email]);
  });

  it("keeps the old alias after the writer removes their alias", async () => {
    await setAlias(null);
    try {
      await expectEverywhere(underFirst, FIRST, [NAME, writer.email]);
    } finally {
      await setAlias(SECOND);
    }
  });

  it("labels the writer's own comment as its piece is signed, and their comments elsewhere with the alias of now", async () => {
    expect(await commentLabel(underFirst.id, "My own note, first alias")).toBe(FIRST);
    expect(await commentLabel(theirs, "A note on someone else's piece")).toBe(SECOND);
  });

  it("sends no name or alias in live events or the prompt history", async () => {
    const events = await t.deps.db.execute(sql`select payload::text as p from events where payload->>'id' in (${underFirst.id}, ${anonymous.id})`);
    const payloads = JSON.stringify((events as unknown as { rows: unknown[] }).rows);
    expect(payloads).toContain(underFirst.id);
    const history = JSON.stringify(await getJson(`/api/community/prompts`));
    for (const secret of [NAME, FIRST, SECOND]) {
      expect(payloads).not.toContain(secret);
      expect(history).not.toContain(secret);
    }
  });
});
