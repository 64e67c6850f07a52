import { describe, expect, it } from "vitest";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { CIRCLE_PROMPT_ONLY } from "./audience-picker.tsx";

describe("the locked audience's explanation", () => {
  it("is the server's own words", () => expect(CIRCLE_PROMPT_ONLY).toBe(CIRCLE_MESSAGES.circlePromptOnly));
});
