import { DAYS_PER_WEEK } from "#shared/constants.ts";
import { addDays, weekStart } from "#shared/domain/dates.ts";
import { formatLongDate } from "#shared/domain/format.ts";
import { Button } from "#client/components/ui/button.tsx";

/** The Sunday `weeks` weeks from the week holding `date`. */
const shiftWeek = (date: string, weeks: number) => addDays(weekStart(date), weeks * DAYS_PER_WEEK);

/** "Apr 5, 2026 – Apr 11, 2026". */
export const weekLabel = (date: string) => `${formatLongDate(weekStart(date))} – ${formatLongDate(addDays(weekStart(date), DAYS_PER_WEEK - 1))}`;

/**
 * A week's name and Previous week, Next week, This week: the Prompts and
 * Progress tabs' picker. `week` is the Sunday asked for (null: this week), `shown` the Sunday the
 * server answered for (null while it loads).
 */
export function WeekNav({ week, shown, onWeek, label }: { week: string | null; shown: string | null; onWeek: (next: string | null) => void; label: string }) {
  const from = week ?? shown;
  return (
    <nav aria-label={label} className="flex flex-col gap-3 rounded-xl border border-line bg-card p-4">
      <h2 className="font-serif text-2xl" aria-live="polite">
        {from ? weekLabel(from) : "\u00a0"}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!from} onClick={() => from && onWeek(shiftWeek(from, -1))}>
          Previous week
        </Button>
        <Button variant="secondary" disabled={!from} onClick={() => from && onWeek(shiftWeek(from, 1))}>
          Next week
        </Button>
        <Button variant="ghost" disabled={!week} onClick={() => onWeek(null)}>
          This week
        </Button>
      </div>
    </nav>
  );
}
