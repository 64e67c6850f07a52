import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { DAYS_PER_WEEK } from "#shared/constants.ts";
import { isIsoDate } from "#shared/domain/dates.ts";
import { loadSummary, saveSummary, shiftWeek, weekLabel, type DayStatus } from "#shared/domain/scheduler.ts";
import type { SchedulerSaveInput, SchedulerWeek } from "#shared/schemas/admin.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useSchedulerWeek } from "../api/get-scheduler-week.ts";
import { adminKeys } from "../api/keys.ts";
import { useSaveSchedulerWeek } from "../api/save-scheduler-week.ts";
import { useTimedNotice } from "../lib/use-timed-notice.ts";
import { AdminHeader } from "./admin-header.tsx";
import { NoticeBanner } from "./notice-banner.tsx";
import { SchedulerGapsWarning } from "./scheduler-gaps-warning.tsx";
import { SchedulerDayCard, type DayDraft } from "./scheduler-day-card.tsx";

const storedDraft = (week: SchedulerWeek, i: number): DayDraft => ({
  text: week.days[i]?.prompt?.text ?? "",
  author: week.days[i]?.prompt?.author ?? "",
});

/** A day's prompt as the server sent it (null: none), to send back as `expected`. */
type Loaded = { text: string; author: string | null } | null;
const loadedDay = (week: SchedulerWeek, i: number): Loaded => {
  const p = week.days[i]?.prompt;
  return p ? { text: p.text, author: p.author } : null;
};

/** What the admin typed for a day, and the day as it was when they started editing it. */
type Edit = DayDraft & { loaded: Loaded };

/** /admin/scheduler: a week of prompts, Sunday to Saturday, saved in one request. */
export function WeeklyScheduler() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("week");
  const week = requested && isIsoDate(requested) ? requested : null;
  const query = useSchedulerWeek(week);
  const save = useSaveSchedulerWeek();
  const queryClient = useQueryClient();
  const { notice, show } = useTimedNotice(null);
  /**
   * Unsaved edits, per week and day: moving between weeks loses nothing. Each keeps the day as it
   * was when the admin began editing it, so a save cannot overwrite what someone else saved since.
   */
  const [drafts, setDrafts] = useState<Record<string, Record<string, Edit>>>({});
  const [results, setResults] = useState<Record<string, { status: DayStatus; message?: string | undefined }>>({});
  const skipLoadNotice = useRef(false);

  const data = query.data;
  const showingRequested = data && (!week || data.days.some((d) => d.date === week));
  const weekStart = data?.weekStart ?? null;
  /** The cards still show the week being left while the one asked for loads: no typing then. */
  const loadingWeek = query.isPlaceholderData;

  // "Loaded n existing prompts..." after every load of a week (not after our own save).
  useEffect(() => {
    if (!data || query.isPlaceholderData) return;
    if (skipLoadNotice.current) {
      skipLoadNotice.current = false;
      return;
    }
    show(loadSummary(data.days.filter((d) => d.prompt).length), "info");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per completed fetch
  }, [query.dataUpdatedAt, query.isPlaceholderData]);

  useEffect(() => {
    if (query.isError) show(`Error loading prompts: ${errorMessage(query.error)}`, "error");
  }, [query.isError, query.error, show]);

  const days = useMemo(() => {
    if (!data) return [];
    return data.days.map((d, i) => {
      const stored = storedDraft(data, i);
      const edit = drafts[data.weekStart]?.[d.date];
      const draft: DayDraft = edit ? { text: edit.text, author: edit.author } : stored;
      const edited = draft.text !== stored.text || draft.author !== stored.author;
      // An untouched day goes back exactly as it was loaded: the server then leaves it alone.
      const expected = edit ? edit.loaded : loadedDay(data, i);
      return { ...d, stored, draft, edited, expected };
    });
  }, [data, drafts]);

  const filled = days.filter((d) => d.draft.text.trim()).length;

  const goTo = (next: string | null) => {
    setParams(next ? { week: next } : {}, { replace: false });
  };

  const updateDay = (date: string, next: DayDraft) => {
    if (!data || !weekStart || loadingWeek) return;
    const i = data.days.findIndex((d) => d.date === date);
    setDrafts((all) => {
      const earlier = all[weekStart]?.[date];
      // The day as shown when this edit began (null stays null: it was empty then).
      const loaded = earlier ? earlier.loaded : loadedDay(data, i);
      return { ...all, [weekStart]: { ...all[weekStart], [date]: { ...next, loaded } } };
    });
  };

  const reload = () => {
    if (!weekStart) return;
    setDrafts((all) => {
      const { [weekStart]: _dropped, ...rest } = all;
      return rest;
    });
    setResults({});
    void query.refetch();
  };

  const saveAll = () => {
    if (!data || save.isPending) return;
    const input: SchedulerSaveInput = {
      weekStart: data.weekStart,
      days: days.map((d) => ({ date: d.date, text: d.draft.text.trim(), author: d.draft.author.trim() || null, expected: d.expected })),
    };
    save.mutate(input, {
      onSuccess: (result) => {
        const { outcomes, ...fresh } = result;
        skipLoadNotice.current = true;
        queryClient.setQueryData(adminKeys.schedulerWeek(week), fresh);
        const failed = new Set(outcomes.filter((o) => o.status === "error").map((o) => o.date));
        // Saved days now match the server; a refused day keeps what the admin typed.
        setDrafts((all) => {
          const mine = { ...all[result.weekStart] };
          for (const date of Object.keys(mine)) if (!failed.has(date)) delete mine[date];
          return { ...all, [result.weekStart]: mine };
        });
        setResults(Object.fromEntries(outcomes.map((o) => [o.date, { status: o.status, message: o.message }])));
        const summary = saveSummary(outcomes);
        show(summary.message, summary.tone);
      },
      onError: (err) => show(`Save failed: ${errorMessage(err)}`, "error"),
    });
  };

  const label = data ? weekLabel(showingRequested ? data.weekStart : (week ?? data.weekStart)) : "";

  return (
    <>
      <AdminHeader title="Weekly Scheduler" subtitle="Plan a week of prompts. Weeks start on Sunday." />
      <SchedulerGapsWarning className="mb-4" />

      <div className="flex flex-col gap-4 rounded-xl border border-line bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="font-serif text-2xl" aria-live="polite">
          {label || "\u00a0"}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={!data} onClick={() => data && goTo(shiftWeek(week ?? data.weekStart, -1))}>
            Previous Week
          </Button>
          <Button variant="secondary" disabled={!data} onClick={() => data && goTo(shiftWeek(week ?? data.weekStart, 1))}>
            Next Week
          </Button>
          <Button variant="ghost" onClick={() => goTo(null)} disabled={!week}>
            Go to Current Week
          </Button>
        </div>
      </div>

      <NoticeBanner notice={notice} className="mt-4" />

      {query.isPending ? (
        <LoadingState label="Loading prompts..." />
      ) : !data ? (
        <ErrorState
          message={`Error loading prompts: ${errorMessage(query.error)}`}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Reload Prompts
            </Button>
          }
        />
      ) : (
        <>
          <p role="status" className="mt-4 min-h-5 text-sm italic text-muted">
            {loadingWeek ? "Loading this week's prompts..." : ""}
          </p>
          <div className={`mt-2 grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2 xl:grid-cols-3 ${loadingWeek ? "opacity-60" : ""}`} aria-busy={query.isFetching}>
            {days.map((d) => (
              <SchedulerDayCard
                key={d.date}
                date={d.date}
                draft={d.draft}
                isToday={d.date === data.today}
                disabled={loadingWeek}
                submissionCount={d.prompt?.submissionCount ?? 0}
                status={d.edited ? (results[d.date]?.status === "error" ? "error" : "edited") : (results[d.date]?.status ?? null)}
                error={results[d.date]?.status === "error" ? results[d.date]?.message : undefined}
                onChange={(next) => updateDay(d.date, next)}
              />
            ))}
          </div>

          <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-col gap-3 border-t border-line bg-paper/95 px-4 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted" aria-live="polite">
              {filled} of {DAYS_PER_WEEK} days have prompts
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={reload} disabled={query.isFetching || save.isPending}>
                Reload Prompts
              </Button>
              <Button variant="primary" onClick={saveAll} disabled={save.isPending || loadingWeek}>
                {save.isPending ? "Saving..." : "Save All Prompts"}
              </Button>
            </div>
          </div>
        </>
      )}

      <section aria-labelledby="scheduler-help" className="mt-10 rounded-xl border border-line bg-card p-5">
        <h2 id="scheduler-help" className="font-serif text-xl">
          How the scheduler works
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed text-muted">
          <li>Each week runs Sunday to Saturday. Each day holds one prompt; writers see the prompt of their own calendar date.</li>
          <li>Type a prompt for any day, then press "Save All Prompts": the whole week is saved at once, and each day shows what happened (saved, updated, deleted, empty or error).</li>
          <li>Leave a day empty to remove its prompt. A prompt that already has pieces written for it can be edited but not deleted, so no writer loses their work.</li>
          <li>
            Formatting: <code>*italic*</code>, <code>**LARGE:big words**</code>, <code>~~small:quiet words~~</code>. An author attribution shows under the prompt, as in "Prompt by Mary Oliver".
          </li>
          <li>Edits you have not saved stay here while you move between weeks; "Reload Prompts" discards them and loads the week again.</li>
          <li>Only the days you edited are saved. If someone else changed one of them after you loaded the week, that day is refused rather than overwritten: "Reload Prompts" shows their version.</li>
        </ul>
      </section>
    </>
  );
}
