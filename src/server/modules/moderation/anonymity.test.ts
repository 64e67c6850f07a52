import { describe, expect, it } from "vitest";
import { SseReader, type } from "#tests/setup/sse-reader.ts";
import { act, admin, author, bystander, newComment, newPiece, report, reporter, t, useModerationApp } from "./test-helpers.ts";

// Issue 13: a writer who reports never learns who is behind an anonymous or alias piece.
useModerationApp();

const identityOf = () => [author.id, author.name, author.email, "Quiet Fox"];
const stream = async (cookie: string) => {
  const sse = new SseReader(await t.request("/api/events", { cookie }));
  await sse.next(type("ready"));
  return sse;
};

describe("anonymity of reported writers", () => {
  it("no response or live event the reporter gets names the writer of an anonymous or alias piece or comment", async () => {
    const reporterStream = await stream(reporter.cookie);
    const adminStream = await stream(admin.cookie);
    const anonymous = await newPiece({ submissionType: "anonymous" });
    const aliased = await newPiece({ submissionType: "alias" });
    const onAnonymous = await newComment(anonymous.id, author, "The writer answers");
    const bodies: string[] = [];
    for (const [kind, id] of [["piece", anonymous.id], ["piece", aliased.id], ["comment", onAnonymous]] as const) {
      const res = await t.request("/api/reports", { json: { itemKind: kind, itemId: id, reason: "spam" }, cookie: reporter.cookie });
      expect(res.status).toBe(201);
      bodies.push(await res.text());
      const again = await t.request("/api/reports", { json: { itemKind: kind, itemId: id, reason: "spam" }, cookie: reporter.cookie });
      bodies.push(await again.text());
    }
    bodies.push(await (await t.request(`/api/community/pieces/${anonymous.id}`, { cookie: reporter.cookie })).text());
    bodies.push(await (await t.request(`/api/community/pieces/${anonymous.id}/comments`, { cookie: reporter.cookie })).text());
    // The reporter may not open the queue, where admins see the identity.
    const queue = await t.request("/api/admin/reports", { cookie: reporter.cookie });
    expect(queue.status).toBe(403);
    bodies.push(await queue.text());
    await act("hide", "piece", anonymous.id);
    await act("hide", "comment", onAnonymous);
    await act("restore", "piece", anonymous.id);
    await act("delete", "piece", aliased.id);
    // The admin's stream hears of the queue; the reporter's stream never does.
    await adminStream.next(type("reports:changed"));
    await reporterStream.next((m) => m.event === "piece:deleted" && m.data.includes(aliased.id));
    const heard = reporterStream.seen.map((m) => `${m.event} ${m.data}`);
    expect(heard.some((m) => m.startsWith("reports:changed"))).toBe(false);
    for (const text of [...bodies, ...heard]) for (const secret of identityOf()) expect(text).not.toContain(secret);
    await reporterStream.close();
    await adminStream.close();
  });

  it("a bystander's comment list never shows a hidden comment's writer", async () => {
    const piece = await newPiece({ submissionType: "anonymous" });
    const commentId = await newComment(piece.id, author, "A reply by the anonymous writer");
    await report("comment", commentId, bystander);
    await act("hide", "comment", commentId);
    const text = await (await t.request(`/api/community/pieces/${piece.id}/comments`, { cookie: bystander.cookie })).text();
    expect(text).not.toContain(commentId);
  });
});
