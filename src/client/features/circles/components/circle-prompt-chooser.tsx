import type { TodayCirclePrompts } from "#shared/schemas/circles.ts";
import type { Audience } from "../lib/circle-rules.ts";

type Item = TodayCirclePrompts["items"][number];

/** The chosen circle prompt, as /write answers it: its prompt, and its circle alone as the audience. */
export interface ChosenCirclePrompt {
  circle: Item["circle"];
  prompt: Item["prompt"];
  audience: Audience;
}

export const chooseCirclePrompt = ({ circle, prompt }: Item): ChosenCirclePrompt => ({ circle, prompt, audience: { community: false, circles: [circle.id], locked: true } });

const optionClass = "flex min-h-11 cursor-pointer items-start gap-3 rounded-md px-2 py-2 hover:bg-accent-soft";
const radioClass = "mt-0.5 size-5 shrink-0 accent-[var(--accent)]";

/**
 * /write's "Which prompt?" (issue 29 item 5), for a writer whose circles set one today: the site's
 * prompt (chosen until another is) or a circle's, whose piece is shared with that circle only.
 */
export function CirclePromptChooser({ items, chosenId, onChange }: { items: Item[]; chosenId: string | null; onChange: (next: ChosenCirclePrompt | null) => void }) {
  return (
    <fieldset className="mb-8 -mt-4 flex flex-col gap-1 rounded-xl border border-line bg-card p-3">
      <legend className="px-1 text-sm font-medium text-ink">Which prompt will you answer?</legend>
      <label className={optionClass}>
        <input type="radio" name="prompt-choice" className={radioClass} checked={chosenId === null} onChange={() => onChange(null)} />
        <span>The site's prompt of the day</span>
      </label>
      {items.map((item) => (
        <label key={item.prompt.id} className={optionClass}>
          <input type="radio" name="prompt-choice" className={radioClass} checked={chosenId === item.prompt.id} onChange={() => onChange(chooseCirclePrompt(item))} />
          <span className="min-w-0">
            <span className="block">{item.circle.name}'s prompt</span>
            <span className="block truncate text-sm text-muted">{item.prompt.text}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}


