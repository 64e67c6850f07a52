import { useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { MAX_PROMPT_AUTHOR_LENGTH, MAX_PROMPT_LENGTH } from "#shared/constants.ts";
import { isIsoDate, localDate } from "#shared/domain/dates.ts";
import { formatLongDate } from "#shared/domain/format.ts";
import { authorLine } from "#shared/domain/markup.ts";
import type { CirclePrompt } from "#shared/schemas/circles.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { ErrorState, FormMessage, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { browserTimeZone, errorMessage } from "#client/lib/api-client.ts";
import { useCirclePromptWeek, useDeleteCirclePrompt, useSaveCirclePrompt } from "../api/circle-prompts.ts";
import { WeekNav } from "./week-nav.tsx";

/** "Sunday" (the date is a calendar day, read in UTC). */
const weekdayName = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });

const fieldClass = "w-full rounded-md border border-line bg-paper text-ink placeholder:text-muted focus:border-accent";

/** The week asked for in the address (?week=YYYY-MM-DD), null for this week: the Prompts and Progress tabs share it. */
export function useWeekParam(): [string | null, (next: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("week");
  const setWeek = (next: string | null) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      if (next) out.set("week", next);
      else out.delete("week");
      return out;
    });
  return [asked && isIsoDate(asked) ? asked : null, setWeek];
}

/** A prompt as members read it: its words (the site's markup) and who it is by. */
function PromptText({ prompt }: { prompt: CirclePrompt }) {
  return (
    <div className="[overflow-wrap:anywhere]">
      <Markup text={prompt.text} mode="prompt" className="font-serif text-lg leading-relaxed text-ink" />
      {prompt.author && <Markup text={authorLine(prompt.author)} mode="prompt" className="mt-1 font-serif text-sm text-muted" />}
    </div>
  );
}

/** A moderator's day: the prompt's words and author, Save, and Remove once there is one to remove. */
function DayEditor({ slug, date, prompt }: { slug: string; date: string; prompt: CirclePrompt | null }) {
  const save = useSaveCirclePrompt();
  const remove = useDeleteCirclePrompt();
  const toast = useToast();
  const [text, setText] = useState(prompt?.text ?? "");
  const [author, setAuthor] = useState(prompt?.author ?? "");
  const [error, setError] = useState<string | null>(null);
  const ids = { text: useId(), author: useId(), error: useId() };
  const day = weekdayName(date);
  const busy = save.isPending || remove.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { slug, date, text: text.trim(), author: author.trim() || null },
      { onSuccess: () => toast.success(`${day}'s prompt saved`), onError: (err) => setError(errorMessage(err)) },
    );
  };
  const clear = () => {
    setError(null);
    remove.mutate({ slug, date }, { onSuccess: () => toast.success(`${day}'s prompt removed`), onError: (err) => setError(errorMessage(err)) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <label htmlFor={ids.text} className="text-sm font-medium text-ink">
        {day}'s prompt
      </label>
      <textarea
        id={ids.text}
        rows={3}
        value={text}
        maxLength={MAX_PROMPT_LENGTH}
        placeholder="None: the site's prompt"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        onChange={(e) => setText(e.target.value)}
        className={`${fieldClass} resize-y p-2.5 font-serif leading-relaxed`}
      />
      <label htmlFor={ids.author} className="text-sm font-medium text-ink">
        Author attribution <span className="font-normal text-muted">(optional)</span>
      </label>
      <input id={ids.author} value={author} maxLength={MAX_PROMPT_AUTHOR_LENGTH} onChange={(e) => setAuthor(e.target.value)} placeholder="Author name" className={`${fieldClass} min-h-11 px-3`} />
      {error && (
        <FormMessage tone="error" id={ids.error}>
          {error}
        </FormMessage>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {prompt && (
          <Button variant="ghost" onClick={clear} disabled={busy}>
            {remove.isPending ? "Removing..." : "Remove prompt"}
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={busy}>
          {save.isPending ? "Saving..." : "Save prompt"}
        </Button>
      </div>
    </form>
  );
}

/**
 * The circle's Prompts tab: a week, Sunday to Saturday, with the circle's own prompt of each day
 * or none (its members then write to the site's). Moderators set, change and remove each day's.
 */
export function CirclePrompts({ slug, moderator }: { slug: string; moderator: boolean }) {
  const [week, setWeek] = useWeekParam();
  const query = useCirclePromptWeek(slug, week);
  const today = localDate(new Date(), browserTimeZone());
  const data = query.data;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">
        {moderator
          ? "Set the circle's own prompt for any day. Its members see it on the write page beside the site's, and what they write to it is shared with this circle only."
          : "The circle's own prompts: on the write page, choose one instead of the site's prompt. What you write to it is shared with this circle only."}
      </p>
      <WeekNav label="Prompts' week" week={week} shown={data?.weekStart ?? null} onWeek={setWeek} />
      {query.isPending ? (
        <LoadingState label="Loading prompts..." />
      ) : !data ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <ul aria-label="Days" aria-busy={query.isFetching} className={`grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2 ${query.isPlaceholderData ? "opacity-60" : ""}`}>
          {data.days.map(({ date, prompt }) => {
            const headingId = `day-${date}`;
            const isToday = date === today;
            return (
              <li key={date} aria-labelledby={headingId} className={`flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 ${isToday ? "border-accent" : "border-line"}`}>
                <h3 id={headingId} className="leading-tight">
                  <span className="block font-serif text-xl">{weekdayName(date)}</span>
                  <span className="text-sm text-muted">
                    <time dateTime={date}>{formatLongDate(date)}</time>
                    {isToday && <span className="ml-2 font-medium text-accent">Today</span>}
                  </span>
                </h3>
                {moderator ? (
                  <DayEditor key={`${date}:${prompt?.id ?? ""}:${prompt?.text ?? ""}:${prompt?.author ?? ""}`} slug={slug} date={date} prompt={prompt} />
                ) : prompt ? (
                  <PromptText prompt={prompt} />
                ) : (
                  <p className="text-sm italic text-muted">No circle prompt: the site's prompt.</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
