import { useId } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { formatBytes, useDownload } from "#client/lib/download.ts";
import { formatLongDate } from "#shared/domain/format.ts";
import { circleProgressCsvHref, useCircleProgress } from "../api/circle-progress.ts";
import { ROLE_LABELS } from "../lib/circle-rules.ts";
import { useWeekParam } from "./circle-prompts.tsx";
import { WeekNav } from "./week-nav.tsx";

const cell = "px-3 py-2.5 text-right tabular-nums";

/**
 * The circle's Progress tab (moderators): a week, and per member the days they wrote, the pieces
 * they shared with the circle, their words and current streak (counts only), and the same week as
 * a CSV file.
 */
export function CircleProgress({ slug }: { slug: string }) {
  const [week, setWeek] = useWeekParam();
  const query = useCircleProgress(slug, week);
  const { state, start } = useDownload();
  const captionId = useId();
  const data = query.data;

  return (
    <div className="flex flex-col gap-4">
      <WeekNav label="Progress's week" week={week} shown={data?.weekStart ?? null} onWeek={setWeek} />
      {query.isPending ? (
        <LoadingState label="Loading progress..." />
      ) : !data ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : data.members.length === 0 ? (
        <EmptyState title="No members yet" />
      ) : (
        <>
          <div className={`overflow-x-auto rounded-xl border border-line bg-card ${query.isPlaceholderData ? "opacity-60" : ""}`} role="region" aria-labelledby={captionId} tabIndex={0}>
            <table className="w-full min-w-[36rem] border-collapse text-left">
              <caption id={captionId} className="px-3 pt-3 pb-1 text-left text-sm text-muted">
                Each member's week, {formatLongDate(data.weekStart)} to {formatLongDate(data.weekEnd)}: counts only, never a piece's text.
              </caption>
              <thead>
                <tr className="border-b border-line text-sm">
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    Member
                  </th>
                  <th scope="col" className={`${cell} font-medium`}>
                    Days written
                  </th>
                  <th scope="col" className={`${cell} font-medium`}>
                    Pieces shared
                  </th>
                  <th scope="col" className={`${cell} font-medium`}>
                    Words
                  </th>
                  <th scope="col" className={`${cell} font-medium`}>
                    Current streak
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {data.members.map((m) => (
                  <tr key={m.userId}>
                    <th scope="row" className="max-w-[14rem] px-3 py-2.5 font-normal">
                      <span className="block truncate">{m.name}</span>
                      <span className="text-sm text-muted">{ROLE_LABELS[m.role]}</span>
                    </th>
                    <td className={cell}>{m.daysWritten}</td>
                    <td className={cell}>{m.piecesShared}</td>
                    <td className={cell}>{m.words.toLocaleString("en-US")}</td>
                    <td className={cell}>{m.currentStreak}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" disabled={state.status === "preparing"} onClick={() => void start(circleProgressCsvHref(slug, data.weekStart), `circle-progress-${data.weekStart}.csv`)}>
              {state.status === "preparing" ? `Preparing... ${formatBytes(state.received)}` : "Download CSV"}
            </Button>
            {state.status === "error" && (
              <p role="alert" className="text-sm text-danger">
                {state.message}
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
