import type { MyCircle } from "#shared/schemas/circles.ts";
import type { Audience } from "../lib/circle-rules.ts";

/**
 * CIRCLE_MESSAGES.circlePromptOnly, the server's words (audience-picker.test.ts holds them equal):
 * importing them would pull shared/constants.ts into this chunk, and split it out of every page's shell.
 */
export const CIRCLE_PROMPT_ONLY = "A piece on a circle's prompt is shared with that circle only";

const boxClass = "flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-accent-soft";
const inputClass = "size-5 shrink-0 accent-[var(--accent)]";

/**
 * The publish form's "Share with" (issue 29): the community (ticked unless unticked) and each of
 * `circles` (mine). Ticking nothing is refused by the server in its own words, shown in the form.
 * Loaded by /write on demand (write-choices.tsx): it imports nothing of the app's shared code, not
 * even a circle's colour swatch (accent.tsx, the circle pages' chunk), so /write's first load stays
 * within its budget; each circle is named.
 */
export function AudiencePicker({ circles, value, onChange }: { circles: MyCircle[]; value: Audience; onChange: (next: Audience) => void }) {
  if (value.locked) return <LockedAudience circle={circles.find((c) => c.id === value.circles[0])} />;
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
          <span className="min-w-0 truncate">{c.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A piece on a circle's prompt goes to that circle alone: the choice shown, not offered, and why. */
function LockedAudience({ circle }: { circle: MyCircle | undefined }) {
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby="locked-audience-why">
      <legend className="mb-2 text-sm font-medium text-ink">Share with</legend>
      <label className={boxClass}>
        <input type="checkbox" className={inputClass} checked={false} disabled readOnly />
        Community
      </label>
      {circle && (
        <label className={boxClass}>
          <input type="checkbox" className={inputClass} checked disabled readOnly />
          <span className="min-w-0 truncate">{circle.name}</span>
        </label>
      )}
      <p id="locked-audience-why" className="px-2 text-sm text-muted">
        {CIRCLE_PROMPT_ONLY}
      </p>
    </fieldset>
  );
}
