import { cloneElement, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ActivityCalendar, type Activity } from "react-activity-calendar";
import { addDays } from "#shared/domain/dates.ts";
import { dayLabel, heatmapLevel } from "#shared/domain/writing-calendar.ts";
import type { CalendarDay } from "#shared/schemas/writing-stats.ts";

/* The year heatmap (react-activity-calendar, loaded lazily: never in a page's first chunk). */

/** Paper to the accent colour, in each theme (the levels between are the library's scale). */
const THEME = { light: ["#ece4d6", "#8a4b1c"], dark: ["#2e261d", "#e4a86f"] };
/** Arrow keys move a day (up, down) or a week (left, right): the calendar's columns are weeks. */
const STEP: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -7, ArrowRight: 7 };

/** `year`'s days from Jan 1 to Dec 31, each with its words (the library shades by level). */
function activities(year: number, days: CalendarDay[]): Activity[] {
  const max = Math.max(0, ...days.map((d) => d.words));
  const written = days.map((d) => ({ date: d.date, count: d.words, level: heatmapLevel(d.words, max) }));
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  return [...(written[0]?.date === first ? [] : [{ date: first, count: 0, level: 0 }]), ...written, ...(written.at(-1)?.date === last ? [] : [{ date: last, count: 0, level: 0 }])];
}

/**
 * One tab stop for the whole calendar (the latest day written, else Jan 1); arrow keys walk
 * the days; each day reads as "Nov 12, 2026: 512 words".
 */
export default function YearHeatmap({ year, days, dark, compact = false }: { year: number; days: CalendarDay[]; dark: boolean; compact?: boolean }) {
  const [focused, setFocusDate] = useState<string | null>(null);
  // A day of another year (the page moved to a new year) would leave no day to tab to.
  const focusDate = focused?.startsWith(`${year}-`) ? focused : (days.at(-1)?.date ?? `${year}-01-01`);
  const wrapper = useRef<HTMLDivElement>(null);
  const latest = days.at(-1)?.date;
  // On a narrow screen the calendar scrolls sideways: start with the latest day written in view.
  useEffect(() => {
    const scroller = wrapper.current?.querySelector<HTMLElement>(".react-activity-calendar__scroll-container");
    const block = latest ? wrapper.current?.querySelector(`[data-date="${latest}"]`) : null;
    if (!scroller || !block) return;
    const offset = block.getBoundingClientRect().left - scroller.getBoundingClientRect().left;
    scroller.scrollLeft += offset - scroller.clientWidth / 2;
  }, [latest]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = STEP[e.key];
    const from = e.target instanceof SVGElement ? e.target.dataset.date : undefined;
    if (!step || !from) return;
    const next = e.currentTarget.querySelector<SVGElement>(`[data-date="${addDays(from, step)}"]`);
    if (!next) return;
    e.preventDefault();
    next.focus();
  };
  return (
    <div ref={wrapper} onKeyDown={onKeyDown} className="text-ink">
      <ActivityCalendar
        data={activities(year, days)}
        theme={THEME}
        colorScheme={dark ? "dark" : "light"}
        blockSize={compact ? 10 : 13}
        blockMargin={3}
        fontSize={compact ? 12 : 14}
        showWeekdayLabels={compact ? false : ["mon", "wed", "fri"]}
        labels={{ totalCount: `{{count}} words in ${year}`, legend: { less: "Fewer words", more: "More words" } }}
        renderBlock={(block, activity) => {
          const dataset = { "data-date": activity.date };
          return cloneElement(block, {
            ...dataset,
            tabIndex: activity.date === focusDate ? 0 : -1,
            role: "img",
            "aria-label": dayLabel(activity.date, activity.count),
            onFocus: () => setFocusDate(activity.date),
            className: "outline-none focus:stroke-[var(--ink)] focus:[stroke-width:2px]",
          });
        }}
      />
    </div>
  );
}
