import { describe, expect, it, onTestFinished, vi } from "vitest";
import { PROMPT_HISTORY_LIMIT } from "#shared/constants.ts";
import { addDays, localDate } from "#shared/domain/dates.ts";
import type { PromptHistory } from "#shared/schemas/community.ts";
import { createPrompt, createSubmission, freewritePrompt } from "#tests/factories.ts";
import { t, useCommunityApp, writer } from "./test-helpers.ts";

useCommunityApp();

describe("GET /api/community/prompts", () => {
  it("lists prompts up to today without test or draft texts, by public response count then date", async () => {
    const today = localDate(t.deps.clock.now(), "UTC");
    const mk = (offset: number, text: string) => createPrompt(t, { date: addDays(today, offset), text });
    const busy = await mk(-400, "A busy old prompt");
    const quietNew = await mk(-401, "A quiet prompt");
    const quietOld = await mk(-402, "Another quiet prompt");
    const testing = await mk(-403, "This is a TEST prompt");
    const drafty = await mk(-404, "a Draft for later");
    const future = await mk(3, "Tomorrow's words");
    await createSubmission(t, writer, { promptId: busy.id });
    await createSubmission(t, writer, { promptId: busy.id });
    await createSubmission(t, writer, { promptId: busy.id, isPrivate: true });
    await createSubmission(t, writer, { promptId: quietNew.id });
    await createSubmission(t, writer, { promptId: quietOld.id });
    await createSubmission(t, writer, { promptId: quietOld.id, isPrivate: true });

    const res = await t.json<PromptHistory>("/api/community/prompts");
    expect(res.status).toBe(200);
    expect(res.body.prompts.length).toBeLessThanOrEqual(PROMPT_HISTORY_LIMIT);
    const ids = res.body.prompts.map((p) => p.id);
    for (const hidden of [testing.id, drafty.id, future.id]) expect(ids).not.toContain(hidden);
    const mine = res.body.prompts.filter((p) => [busy.id, quietNew.id, quietOld.id].includes(p.id));
    expect(mine.map((p) => [p.text, p.responseCount])).toEqual([
      ["A busy old prompt", 2],
      ["A quiet prompt", 1],
      ["Another quiet prompt", 1],
    ]);
    const counts = res.body.prompts.map((p) => p.responseCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(res.body.freewritePromptId).toBe((await freewritePrompt(t)).id);
  });

  it("offers every prompt with public pieces: one dated after the viewer's today, one whose text says draft", async () => {
    // 05:00 UTC on the 10th is still the 9th in Honolulu: the server's today is ahead of this viewer.
    t.deps.testClock!.set(new Date("2044-02-10T05:00:00Z"));
    onTestFinished(() => t.deps.testClock!.reset());
    const serverToday = await createPrompt(t, { date: "2044-02-10", text: "The server's today" });
    const drafty = await createPrompt(t, { date: "2044-02-01", text: "Draft a letter you will never send" });
    const privateOnly = await createPrompt(t, { date: "2044-02-11", text: "Kept privately so far" });
    const unanswered = await createPrompt(t, { date: "2044-02-12", text: "Nobody has written yet" });
    const shown = await createSubmission(t, writer, { promptId: serverToday.id });
    await createSubmission(t, writer, { promptId: drafty.id });
    await createSubmission(t, writer, { promptId: privateOnly.id, isPrivate: true });
    await t.deps.realtime.publish(t.deps.db, "piece:published", { id: shown.id, promptId: serverToday.id });

    const honolulu = { headers: { "x-time-zone": "Pacific/Honolulu" } };
    // The viewer sees the piece's card in the feed...
    const feed = await t.json<{ items: { id: string; prompt: { id: string } }[] }>("/api/community/feed", honolulu);
    expect(feed.body.items.find((i) => i.id === shown.id)?.prompt.id).toBe(serverToday.id);
    // ...so the filter offers its prompt, with its count.
    await vi.waitFor(async () => {
      const res = await t.json<PromptHistory>("/api/community/prompts", honolulu);
      const listed = new Map(res.body.prompts.map((p) => [p.id, p.responseCount]));
      expect(listed.get(serverToday.id)).toBe(1);
      expect(listed.get(drafty.id)).toBe(1);
      expect(listed.has(privateOnly.id)).toBe(false);
      expect(listed.has(unanswered.id)).toBe(false);
    }, { timeout: 5000 });
  });

  it("keeps counts current: a published or deleted piece anywhere clears the cached history", async () => {
    const today = localDate(t.deps.clock.now(), "UTC");
    const prompt = await createPrompt(t, { date: addDays(today, -420), text: "A prompt that gains a response" });
    const countOf = async () => (await t.json<PromptHistory>("/api/community/prompts")).body.prompts.find((p) => p.id === prompt.id)?.responseCount;
    // Cached from the test above (the new prompt is not listed yet) until a piece changes.
    await t.deps.realtime.publish(t.deps.db, "piece:deleted", { id: "00000000-0000-4000-8000-000000000000" });
    await vi.waitFor(async () => expect(await countOf()).toBe(0));
    const piece = await createSubmission(t, writer, { promptId: prompt.id });
    await t.deps.realtime.publish(t.deps.db, "piece:published", { id: piece.id, promptId: prompt.id });
    await vi.waitFor(async () => expect(await countOf()).toBe(1));
  });
});
