import { describe, expect, it } from "vitest";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { submit } from "../writing/test-helpers.ts";
import { admin, other, ownPrompt, t, useCommunityApp, writer } from "../community/test-helpers.ts";
import { about, comment, inbox, like, unread } from "./test-helpers.ts";

/* Each kind of notification, made where it happens, and what it never tells (issue 14 item 6). */

useCommunityApp();

const piece = async (by: TestUser = writer, opts: { title?: string; submissionType?: "name" | "alias" | "anonymous" } = {}) =>
  createSubmission(t, by, { promptId: (await ownPrompt()).id, title: opts.title ?? "Harbour", submissionType: opts.submissionType ?? "name" });

describe("notifications of each kind", () => {
  it("tells a writer of a comment on their piece by the comment's label, never of their own comment", async () => {
    const p = await piece();
    const commenter = await createUser(t, { name: "Real Commenter", alias: "Magpie" });
    const c = await comment(p.id, commenter);
    await comment(p.id, writer, "Thank you!");
    const mine = await about(writer, p.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: "comment", message: "Magpie commented on 'Harbour'", read: false, count: 1 });
    expect(c.authorLabel).toBe("Magpie");
    // Never more than the label: not the name, the id, the email nor the comment's words.
    for (const secret of [commenter.name, commenter.id, commenter.email, "Lovely piece"]) expect(JSON.stringify(mine)).not.toContain(secret);
    // Nobody else hears of it.
    expect(await about(commenter, p.id)).toEqual([]);
  });

  it("names a commenter without an alias by their name, as the piece shows them", async () => {
    const p = await piece(writer, { title: "Lanterns" });
    await comment(p.id, other);
    expect((await about(writer, p.id)).map((n) => n.message)).toEqual(["Other Writer commented on 'Lanterns'"]);
  });

  it("batches likes into one unread row that counts up, never naming a reader; a like after reading starts a new one", async () => {
    const p = await piece();
    const readers = await Promise.all([1, 2, 3, 4, 5].map((i) => createUser(t, { name: `Liker Number ${i}` })));
    for (const r of readers) await like(p.id, r);
    let mine = await about(writer, p.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: "likes", count: 5, message: "5 people liked 'Harbour'", read: false });
    for (const r of readers) expect(JSON.stringify(mine)).not.toContain(r.name);
    // Unliking takes nothing back; liking again is not a second like.
    await like(p.id, readers[0]!, false);
    expect((await about(writer, p.id))[0]!.count).toBe(5);
    // Own likes are refused anyway; a single like reads "1 person".
    await t.json(`/api/notifications/${mine[0]!.id}/read`, { method: "POST", cookie: writer.cookie });
    await like(p.id, readers[0]!);
    mine = await about(writer, p.id);
    expect(mine.map((n) => [n.message, n.read])).toEqual([
      ["1 person liked 'Harbour'", false],
      ["5 people liked 'Harbour'", true],
    ]);
  });

  it("tells a writer their piece was picked (not unpicked)", async () => {
    const p = await piece(writer, { title: "Tidewater" });
    const feature = (isFeatured: boolean) => t.json(`/api/admin/submissions/${p.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured } });
    expect((await feature(true)).status).toBe(200);
    expect((await feature(false)).status).toBe(200);
    expect((await about(writer, p.id)).map((n) => n.message)).toEqual(["'Tidewater' was featured as an Editors' Pick"]);
  });

  it("tells a writer of an achievement reached", async () => {
    const u = await createUser(t, { name: "Long Writer" });
    const res = await submit(t, u, { content: Array.from({ length: 12_500 }, () => "a").join(" "), action: "save", promptId: (await ownPrompt()).id });
    expect(res.status).toBe(201);
    const items = (await inbox(u)).items;
    expect(items.map((n) => [n.kind, n.pieceId])).toEqual([["achievement", null]]);
    expect(items[0]!.message).toMatch(/^You reached Novella Club \(\d{4}\)$/);
  });

  it("tells a writer when a moderator hides (with the reason), restores or deletes their piece", async () => {
    const p = await piece(writer, { title: "Storm Wall" });
    const mod = (path: string, init: { method?: string; json?: unknown } = {}) =>
      t.json(`/api/admin/moderation/piece/${p.id}${path}`, { method: init.method ?? "POST", cookie: admin.cookie, json: init.json });
    expect((await mod("/hide", { json: { reason: "Breaks the house rules" } })).status).toBe(200);
    expect((await mod("/restore")).status).toBe(200);
    expect((await mod("/dismiss")).status).toBe(200);
    expect((await about(writer, p.id)).map((n) => n.message)).toEqual([
      "'Storm Wall' is visible again: a moderator restored it",
      "'Storm Wall' was hidden by a moderator. Reason: Breaks the house rules",
    ]);
    expect((await mod("", { method: "DELETE" })).status).toBe(200);
    const items = (await inbox(writer)).items;
    // The piece is gone: its older notifications with it; the deletion is named, not linked.
    expect(items.filter((n) => n.message.includes("Storm Wall")).map((n) => [n.message, n.pieceId])).toEqual([["'Storm Wall' was deleted by a moderator", null]]);
  });

  it("tells a writer when an admin deletes their piece from the piece page, not when they delete it themselves", async () => {
    const [byAdmin, byMe] = [await piece(writer, { title: "Gone By Admin" }), await piece(writer, { title: "Gone By Me" })];
    expect((await t.json(`/api/submissions/${byAdmin.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect((await t.json(`/api/submissions/${byMe.id}`, { method: "DELETE", cookie: writer.cookie })).status).toBe(200);
    const messages = (await inbox(writer)).items.map((n) => n.message);
    expect(messages).toContain("'Gone By Admin' was deleted by a moderator");
    expect(messages.join("\n")).not.toContain("Gone By Me");
  });
});

describe("anonymity and blocks", () => {
  it("never tells the writer of an anonymous or alias piece who commented beyond the label, nor the commenter who wrote it", async () => {
    const hidden = await createUser(t, { name: "Hidden Writer Name", alias: "Heron" });
    const anon = await piece(hidden, { title: "Fog", submissionType: "anonymous" });
    // The writer answering on their own anonymous piece is not notified; a reader's comment is.
    await comment(anon.id, hidden, "A reply");
    await comment(anon.id, other);
    expect((await about(hidden, anon.id)).map((n) => n.message)).toEqual(["Other Writer commented on 'Fog'"]);
    // The reader's own notifications say nothing of the piece's writer.
    expect(JSON.stringify(await inbox(other))).not.toContain("Hidden Writer Name");
  });

  it("gives a blocker no notification from a blocked writer's comment or like, while others' still come", async () => {
    const blocker = await createUser(t, { name: "Blocking Writer" });
    const pest = await createUser(t, { name: "Pest Writer", alias: "Gnat" });
    const friend = await createUser(t, { name: "Friendly Reader" });
    const anonPiece = await piece(blocker, { title: "Quiet", submissionType: "anonymous" });
    // The blocker blocks Pest from a comment, signed with their alias (the signature their comments carry).
    const onOther = await comment((await piece(other)).id, pest, "elsewhere");
    expect(onOther.authorLabel).toBe("Gnat");
    expect((await t.json("/api/blocks", { cookie: blocker.cookie, json: { commentId: onOther.id } })).status).toBe(201);

    // On an anonymous piece the blocked writer may still comment and like (a refusal would unmask it)...
    await comment(anonPiece.id, pest, "hello");
    await like(anonPiece.id, pest);
    // ...but the blocker hears nothing of it; a friend's comment and like still come.
    expect(await about(blocker, anonPiece.id)).toEqual([]);
    await comment(anonPiece.id, friend);
    await like(anonPiece.id, friend);
    expect((await about(blocker, anonPiece.id)).map((n) => n.message)).toEqual(["1 person liked 'Quiet'", "Friendly Reader commented on 'Quiet'"]);
    expect(await unread(blocker)).toBe(2);
  });
});
