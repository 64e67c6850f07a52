import { queryOptions, useMutation, useQuery, useQueryClient, keepPreviousData } from "@tanstack/react-query";
import type { CirclePromptWeek } from "#shared/schemas/circles.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { circleKeys } from "./keys.ts";

/** A day in the path (the server's `dateParam` types `param` as `{ date }` alone; hc fills `:slug` from the same object). */
const dayParams = (params: { slug: string; date: string }) => params as { date: string };

/** GET /api/circles/:slug/prompts?week= (members): the week's seven days, each with the circle's prompt or none. */
export const getCirclePromptWeek = (slug: string, week: string | null): Promise<CirclePromptWeek> =>
  unwrap(api.api.circles[":slug"].prompts.$get({ param: { slug }, query: week ? { week } : {} }));

export const getCirclePromptWeekQueryOptions = (slug: string, week: string | null) =>
  queryOptions({ queryKey: circleKeys.prompts(slug, week), queryFn: () => getCirclePromptWeek(slug, week), placeholderData: keepPreviousData });

export const useCirclePromptWeek = (slug: string, week: string | null) => useQuery(getCirclePromptWeekQueryOptions(slug, week));

/** PUT /api/circles/:slug/prompts/:date (moderators): the day's prompt, new or changed. */
export const saveCirclePrompt = ({ slug, date, text, author }: { slug: string; date: string; text: string; author: string | null }) =>
  unwrap(api.api.circles[":slug"].prompts[":date"].$put({ param: dayParams({ slug, date }), json: { text, author } }));

/** DELETE /api/circles/:slug/prompts/:date (moderators): the day goes back to the site's prompt (refused once pieces answer it). */
export const deleteCirclePrompt = ({ slug, date }: { slug: string; date: string }) =>
  unwrap(api.api.circles[":slug"].prompts[":date"].$delete({ param: dayParams({ slug, date }) }));

/** After a change: every cached week of the circle, and today's prompts on /write, read again. */
function usePromptChange<V extends { slug: string }>(mutationFn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, { slug }) => {
      void qc.invalidateQueries({ queryKey: ["circles", "circle", slug, "prompts"] });
      void qc.invalidateQueries({ queryKey: circleKeys.today });
    },
  });
}

export const useSaveCirclePrompt = () => usePromptChange(saveCirclePrompt);
export const useDeleteCirclePrompt = () => usePromptChange(deleteCirclePrompt);
