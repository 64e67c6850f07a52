import { describe, expect, it } from "vitest";
import { FREEWRITE_PROMPT_TEXT } from "#shared/constants.ts";
import type { TodayPromptResponse } from "#shared/schemas/writing.ts";
import { createPrompt } from "#tests/factories.ts";
import { clock, t, useWritingApp } from "./test-helpers.ts";

useWritingApp();

describe("GET /api/prompts/today", () => {
  it("answers the prompt of the caller's own calendar date, for visitors too", async () => {
    clock().set(new Date("2031-05-10T02:00:00Z"));
    const may9 = await createPrompt(t, { date: "2031-05-09", text: "Ninth of May" });
    const may10 = await createPrompt(t, { date: "2031-05-10", text: "Tenth of May", author: "Mary" });

    const la = await t.json<TodayPromptResponse>("/api/prompts/today", { headers: { "x-time-zone": "America/Los_Angeles" } });
    expect(la.status).toBe(200);
    expect(la.body).toEqual({ prompt: { id: may9.id, text: "Ninth of May", date: "2031-05-09", author: null, kind: "daily" }, source: "today" });

    const tokyo = await t.json<TodayPromptResponse>("/api/prompts/today", { headers: { "x-time-zone": "Asia/Tokyo" } });
    expect(tokyo.body).toEqual({ prompt: { id: may10.id, text: "Tenth of May", date: "2031-05-10", author: "Mary", kind: "daily" }, source: "today" });
  });

  it("falls back to the latest prompt before the caller's date", async () => {
    clock().set(new Date("2032-01-10T12:00:00Z"));
    const earlier = await createPrompt(t, { date: "2032-01-07", text: "Three days ago" });
    await createPrompt(t, { date: "2032-01-20", text: "Not yet" });
    const res = await t.json<TodayPromptResponse>("/api/prompts/today", { headers: { "x-time-zone": "UTC" } });
    expect(res.body.source).toBe("earlier");
    expect(res.body.prompt.id).toBe(earlier.id);
  });

  it("answers the nearest later stored prompt when none exists on or before the date (never an unsaveable one)", async () => {
    clock().set(new Date("2001-01-01T12:00:00Z"));
    const first = await createPrompt(t, { date: "2001-01-03", text: "The first one scheduled" });
    await createPrompt(t, { date: "2001-01-04", text: "The second one" });
    const res = await t.json<TodayPromptResponse>("/api/prompts/today");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ prompt: { id: first.id, text: "The first one scheduled", date: "2001-01-03", author: null, kind: "daily" }, source: "later" });
  });
});

describe("GET /api/prompts/freewrite", () => {
  it("answers the single Freewrite Session prompt, even when requests race", async () => {
    const [a, b] = await Promise.all([
      t.json<{ prompt: { id: string; text: string; kind: string } }>("/api/prompts/freewrite"),
      t.json<{ prompt: { id: string; text: string; kind: string } }>("/api/prompts/freewrite"),
    ]);
    expect(a.status).toBe(200);
    expect(a.body.prompt).toMatchObject({ text: FREEWRITE_PROMPT_TEXT, kind: "freewrite", date: null });
    expect(b.body.prompt.id).toBe(a.body.prompt.id);
  });
});
