import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ScheduledWriteIn } from "#shared/schemas/write-ins.ts";
import type { WriteInPromptMode } from "#shared/domain/write-ins.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { writeInKeys } from "./keys.ts";

export interface ScheduleWriteInBody {
  /** A circle's slug, or null: the whole community (site admins). */
  circle: string | null;
  title: string;
  /** An instant with its offset; `timeZone` keeps a weekly one's wall time. */
  startsAt: string;
  timeZone: string;
  lengthMinutes: number;
  repeat: "none" | "weekly";
  promptMode: WriteInPromptMode;
  /** Its own prompt's words: with promptMode "own" only. */
  promptText?: string;
}

/** POST /api/write-ins: the first occurrence, and for a weekly one the next starts. */
export const scheduleWriteIn = (json: ScheduleWriteInBody): Promise<ScheduledWriteIn> => unwrap(api.api["write-ins"].$post({ json }));

export function useScheduleWriteIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: scheduleWriteIn,
    onSuccess: ({ writeIn }) => {
      qc.setQueryData(writeInKeys.detail(writeIn.id), { writeIn, now: Date.now() });
      void qc.invalidateQueries({ queryKey: writeInKeys.lists });
    },
  });
}
