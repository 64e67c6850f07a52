import type { WriteInState } from "#shared/domain/write-ins.ts";
import { STATE_LABELS } from "../lib/write-in-words.ts";

const TONES: Record<WriteInState, string> = {
  upcoming: "border-line text-muted",
  open: "border-accent bg-accent-soft text-ink",
  live: "border-accent bg-accent text-accent-ink",
  ended: "border-line text-muted",
  canceled: "border-danger/50 text-danger",
};

/** Where a write-in is in its life: upcoming, open to join, live, ended or canceled (in words, not colour alone). */
export function StateBadge({ state }: { state: WriteInState }) {
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium ${TONES[state]}`}>{STATE_LABELS[state]}</span>;
}
