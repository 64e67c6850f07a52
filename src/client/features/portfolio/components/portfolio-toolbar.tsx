import { useId, type ReactNode } from "react";
import { PORTFOLIO_SEARCH_MAX } from "#shared/domain/portfolio.ts";
import type { PortfolioSort } from "#shared/schemas/portfolio.ts";
import { paths } from "#client/config/paths.ts";
import { LinkButton } from "#client/components/ui/button.tsx";
import type { PortfolioView } from "../hooks/use-portfolio-view.ts";

const SORT_LABELS: Record<PortfolioSort, string> = { recent: "Recent", title: "Title", words: "Word Count" };

export function PortfolioToolbar({
  search,
  onSearch,
  sort,
  onSort,
  view,
  onView,
}: {
  search: string;
  onSearch: (q: string) => void;
  sort: PortfolioSort;
  onSort: (s: PortfolioSort) => void;
  view: PortfolioView;
  onView: (v: PortfolioView) => void;
}) {
  const searchId = useId();
  const sortId = useId();
  const toggle = (v: PortfolioView, label: string, icon: ReactNode) => (
    <button
      type="button"
      aria-pressed={view === v}
      onClick={() => onView(v)}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 px-3 text-sm ${view === v ? "bg-accent-soft text-ink" : "text-muted hover:text-ink"}`}
    >
      {icon}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </button>
  );
  return (
    <div role="search" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={searchId} className="sr-only">
          Search your writing
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          maxLength={PORTFOLIO_SEARCH_MAX}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Search your writing..."
          className="min-h-11 w-full rounded-md border border-line bg-card px-3 text-base text-ink placeholder:text-muted focus:border-accent"
        />
      </div>
      <div className="flex items-center gap-2 sm:gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="sr-only text-sm text-muted sm:not-sr-only">
            Sort
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(e) => onSort(e.target.value as PortfolioSort)}
            className="min-h-11 rounded-md border border-line bg-card px-2 text-sm text-ink focus:border-accent"
          >
            {(Object.keys(SORT_LABELS) as PortfolioSort[]).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div role="group" aria-label="Layout" className="flex overflow-hidden rounded-md border border-line bg-card">
          {toggle(
            "cards",
            "Cards",
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
              <rect x="3" y="3" width="7.5" height="7.5" rx="1.5" />
              <rect x="13.5" y="3" width="7.5" height="7.5" rx="1.5" />
              <rect x="3" y="13.5" width="7.5" height="7.5" rx="1.5" />
              <rect x="13.5" y="13.5" width="7.5" height="7.5" rx="1.5" />
            </svg>,
          )}
          {toggle(
            "list",
            "List",
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
              <path d="M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01" />
            </svg>,
          )}
        </div>
        <LinkButton to={paths.freewrite.href()} variant="secondary" className="ml-auto sm:ml-0">
          Freewrite
        </LinkButton>
      </div>
    </div>
  );
}
