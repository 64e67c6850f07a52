import { describe, expect, it } from "vitest";
import { chooseCirclePrompt } from "./circle-prompt-chooser.tsx";

describe("chooseCirclePrompt", () => {
  it("answers the circle's prompt and shares with that circle alone, fixed", () => {
    const circle = { id: "11111111-1111-4111-8111-111111111111", slug: "poets", name: "Poets" };
    const prompt = { id: "22222222-2222-4222-8222-222222222222", date: "2026-04-07", text: "Write a door.", author: null };
    expect(chooseCirclePrompt({ circle, prompt })).toEqual({ circle, prompt, audience: { community: false, circles: [circle.id], locked: true } });
  });
});
