import { useQuery } from "@tanstack/react-query";
import type { getMyCirclesQueryOptions, todayCirclePromptsQuery } from "../api/get-my-circles.ts";
import type { Audience } from "../lib/circle-rules.ts";
import { AudiencePicker } from "./audience-picker.tsx";
import { CirclePromptChooser, type ChosenCirclePrompt } from "./circle-prompt-chooser.tsx";

type Props =
  | { part: "audience"; query: ReturnType<typeof getMyCirclesQueryOptions>; value: Audience; onChange: (next: Audience) => void }
  | { part: "prompt"; query: typeof todayCirclePromptsQuery; chosen: { prompt: { id: string } } | null; onChange: (next: ChosenCirclePrompt | null) => void };

/** "Share with" once my circles are known (their query given by the page); nothing when I am in none. */
function AudienceChoice({ query, ...picker }: Extract<Props, { part: "audience" }>) {
  const { data } = useQuery(query);
  return data?.circles.length ? <AudiencePicker circles={data.circles} {...picker} /> : null;
}

/** The choice of prompt once today's circle prompts are known; nothing when no circle of mine set one. */
function PromptChoice({ query, chosen, onChange }: Extract<Props, { part: "prompt" }>) {
  const { data } = useQuery(query);
  return data?.items.length ? <CirclePromptChooser items={data.items} chosenId={chosen?.prompt.id ?? null} onChange={onChange} /> : null;
}

/**
 * /write's circle choices (issue 29), one chunk and one component loaded on demand by the page
 * (audience-slot.tsx): the publish form's "Share with" (`part` "audience") and, for a signed-in
 * writer, the choice of a circle's prompt ("prompt"). The page hands each its query: nothing here
 * imports the app's shared code, so /write's and every other page's first chunks stay as they were.
 */
export default function WriteChoice(props: Props) {
  return props.part === "audience" ? <AudienceChoice {...props} /> : <PromptChoice {...props} />;
}
