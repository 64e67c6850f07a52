import { MAX_PROMPT_LENGTH, WRITE_IN_MAX_MINUTES, WRITE_IN_MIN_MINUTES } from "#shared/constants.ts";
import { WRITE_IN_MESSAGES as M, type WriteInPromptMode } from "#shared/domain/write-ins.ts";
import { localInputToIso } from "./write-in-time.ts";

/** The schedule form as typed: `where` is a circle's slug, "" for the whole community. */
export interface ScheduleDraft {
  where: string;
  title: string;
  start: string;
  length: string;
  weekly: boolean;
  promptMode: WriteInPromptMode;
  /** The write-in's own prompt (sent only with promptMode "own"). */
  promptText: string;
}

export type ScheduleField = "title" | "start" | "length" | "prompt";

/** What the form says before sending, in the server's words (it checks the same, and the start's future). */
export function checkScheduleDraft(d: ScheduleDraft): Partial<Record<ScheduleField, string>> {
  const errors: Partial<Record<ScheduleField, string>> = {};
  if (!d.title.trim()) errors.title = M.titleRequired;
  if (!localInputToIso(d.start)) errors.start = M.badStart;
  const minutes = Number(d.length);
  if (!/^\d+$/.test(d.length.trim()) || minutes < WRITE_IN_MIN_MINUTES || minutes > WRITE_IN_MAX_MINUTES) errors.length = M.badLength;
  if (d.promptMode === "own") {
    const text = d.promptText.trim();
    if (!text) errors.prompt = M.promptRequired;
    else if (text.length > MAX_PROMPT_LENGTH) errors.prompt = M.promptTooLong;
  }
  return errors;
}
