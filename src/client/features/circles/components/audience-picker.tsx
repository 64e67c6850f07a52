import type { MyCircle } from "#shared/schemas/circles.ts";
import type { Audience } from "../lib/circle-rules.ts";
import { AccentSwatch } from "./accent.tsx";

const boxClass = "flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-accent-soft";
const inputClass = "size-5 shrink-0 accent-[var(--accent)]";

/**
 * The publish form's "Share with" (issue 29): the community (ticked unless unticked) and each of
 * `circles` (mine). Ticking nothing is refused by the server in its own words, shown in the form.
 * Its own chunk, loaded by /write only for a writer in a circle: it imports nothing of the app's
 * shared code, so /write's and every other page's first chunks stay as they were.
 */
export function AudiencePicker({ circles, value, onChange }: { circles: MyCircle[]; value: Audience; onChange: (next: Audience) => void }) {
  const toggleCircle = (id: string, on: boolean) => onChange({ ...value, circles: on ? [...value.circles.filter((c) => c !== id), id] : value.circles.filter((c) => c !== id) });
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-2 text-sm font-medium text-ink">Share with</legend>
      <label className={boxClass}>
        <input type="checkbox" className={inputClass} checked={value.community} onChange={(e) => onChange({ ...value, community: e.target.checked })} />
        Community
      </label>
      {circles.map((c) => (
        <label key={c.id} className={boxClass}>
          <input type="checkbox" className={inputClass} checked={value.circles.includes(c.id)} onChange={(e) => toggleCircle(c.id, e.target.checked)} />
          <AccentSwatch accent={c.accent} />
          <span className="min-w-0 truncate">{c.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

export default AudiencePicker;
