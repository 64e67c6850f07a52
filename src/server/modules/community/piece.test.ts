import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMUNITY_PREVIEW_CHARS } from "#shared/constants.ts";
import { localDate } from "#shared/domain/dates.ts";
import type { CommunityFeedPage, CommunityPieceDetail } from "#shared/schemas/community.ts";
import { submissions, users } from "#server/db/schema/index.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { feed, feedUrl, minutesAgo, other, ownPrompt, t, useCommunityApp, writer } from "./test-helpers.ts";

useCommunityApp();

describe("author labels", () => {
  it("alias and anonymous pieces carry no name, email or user id of the writer; name pieces show the streak", async () => {
    const p = await ownPrompt();
    const secretive = await createUser(t, { name: "Quintessa Marlowe", alias: "Night Owl", email: `quintessa-${Date.now()}@example.com` });
    await t.deps.db
      .update(users)
      .set({ currentStreak: 4, longestStreak: 6, lastWriteDate: localDate(t.deps.clock.now(), "UTC") })
      .where(eq(users.id, secretive.id));
    const alias = await createSubmission(t, secretive, { promptId: p.id, submissionType: "alias", createdAt: minutesAgo(3) });
    const anon = await createSubmission(t, secretive, { promptId: p.id, submissionType: "anonymous", createdAt: minutesAgo(2) });
    const named = await createSubmission(t, secretive, { promptId: p.id, submissionType: "name", createdAt: minutesAgo(1) });
    // The streak stored at publishing (even if a careless write had put one on the others).
    await t.deps.db.update(submissions).set({ authorStreak: 4 }).where(eq(submissions.userId, secretive.id));

    const res = await t.request(feedUrl({ prompt: p.id }), { cookie: other.cookie });
    const body = (await res.json()) as CommunityFeedPage;
    const byId = new Map(body.items.map((i) => [i.id, i]));
    expect(byId.get(alias.id)!.author).toEqual({ label: "Night Owl", signature: "alias", streak: null });
    expect(byId.get(anon.id)!.author).toEqual({ label: "Anonymous", signature: "anonymous", streak: null });
    expect(byId.get(named.id)!.author).toEqual({ label: "Quintessa Marlowe", signature: "name", streak: 4 });

    for (const id of [alias.id, anon.id]) {
      const json = JSON.stringify(byId.get(id));
      const detail = JSON.stringify((await t.json<{ piece: CommunityPieceDetail }>(`/api/community/pieces/${id}`)).body);
      for (const text of [json, detail]) {
        expect(text).not.toContain("Quintessa");
        expect(text).not.toContain("Marlowe");
        expect(text).not.toContain(secretive.email);
        expect(text).not.toContain(secretive.id);
      }
    }
    // Sorting by author does not leak either (the label is the sort key).
    const byAuthor = JSON.stringify(await feed({ prompt: p.id, sort: "author" }));
    expect(byAuthor.match(/Quintessa/g)).toHaveLength(1);
    expect(byAuthor).not.toContain(secretive.id);
  });

  it("shows the streak the writer had when the piece was published, never their live streak", async () => {
    const p = await ownPrompt();
    const writerNow = await createUser(t, { name: "Steady Writer" });
    // Live streak 9 (e.g. moved since by an anonymous piece); the piece was published at 3.
    await t.deps.db
      .update(users)
      .set({ currentStreak: 9, longestStreak: 9, lastWriteDate: localDate(t.deps.clock.now(), "UTC") })
      .where(eq(users.id, writerNow.id));
    const piece = await createSubmission(t, writerNow, { promptId: p.id });
    await t.deps.db.update(submissions).set({ authorStreak: 3 }).where(eq(submissions.id, piece.id));
    expect((await feed({ prompt: p.id })).items[0]!.author.streak).toBe(3);
    expect((await t.json<{ piece: CommunityPieceDetail }>(`/api/community/pieces/${piece.id}`)).body.piece.author.streak).toBe(3);
  });
});

describe("card previews", () => {
  it("keep their markup, are cut at a word, never inside a marker, and are flagged when the text goes on", async () => {
    const p = await ownPrompt();
    // A bold run straddles the preview's length: cutting the raw text would leave "**" on screen.
    const content = `${"a".repeat(COMMUNITY_PREVIEW_CHARS - 10)} **bold words that run past the cut** and *more* after`;
    await createSubmission(t, writer, { promptId: p.id, content });
    const card = (await feed({ prompt: p.id })).items[0]!;
    expect(card.truncated).toBe(true);
    // The run the cut closed off loses its opening marker: no stray asterisks on screen.
    expect(card.preview).not.toContain("*");
    expect(card.preview.length).toBeLessThanOrEqual(COMMUNITY_PREVIEW_CHARS);
    expect(card.preview).toMatch(/ bold( words)*$/);

    const p2 = await ownPrompt();
    await createSubmission(t, writer, { promptId: p2.id, content: "Short and **sweet**" });
    expect((await feed({ prompt: p2.id })).items[0]).toMatchObject({ preview: "Short and **sweet**", truncated: false });
  });
});

describe("GET /api/community/pieces/:id", () => {
  it("answers the full text and the viewer's like state; 404 for unknown ids", async () => {
    const p = await ownPrompt();
    const long = "word ".repeat(400).trim();
    const piece = await createSubmission(t, writer, { promptId: p.id, title: "Long one", content: long });
    const card = (await feed({ prompt: p.id })).items[0]!;
    expect(card.truncated).toBe(true);
    expect(card.preview.length).toBeLessThan(long.length);
    expect(card.preview).toMatch(/word$/);
    const detail = await t.json<{ piece: CommunityPieceDetail }>(`/api/community/pieces/${piece.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.piece).toMatchObject({ id: piece.id, title: "Long one", content: long, wordCount: 400, likedByMe: false });
    expect((await t.json(`/api/community/pieces/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await t.json(`/api/community/pieces/not-a-uuid`)).status).toBe(404);
  });
});
