import { useEffect, useId, useState } from "react";
import { PROMPT_FILTER_LABEL_MAX, SEARCH_MAX_LENGTH } from "#shared/constants.ts";
import { markupToPlainText, truncateText } from "#shared/domain/markup.ts";
import { COMMUNITY_FILTERS, COMMUNITY_SORTS, FILTER_LABELS, SORT_LABELS, type FeedParams } from "#shared/domain/community.ts";
import type { PromptHistory } from "#shared/schemas/community.ts";
import type { ViewMode } from "../lib/use-view-mode.ts";

const SEARCH_DEBOUNCE_MS = 300;

const selectClass =
  "min-h-11 w-full min-w-0 rounded-md border border-line bg-card pl-3 pr-8 text-sm text-ink focus:border-accent sm:w-auto";

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (v: string) => void; children: React.ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium uppercase tracking-wide text-muted">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
        {children}
      </select>
    </div>
  );
}

function GridIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
      <rect x="3" y="3" width="6" height="6" rx="1.2" />
      <rect x="11" y="3" width="6" height="6" rx="1.2" />
      <rect x="3" y="11" width="6" height="6" rx="1.2" />
      <rect x="11" y="11" width="6" height="6" rx="1.2" />
    </svg>
  );
}
function ListIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
      <rect x="3" y="4" width="14" height="3" rx="1.2" />
      <rect x="3" y="8.5" width="14" height="3" rx="1.2" />
      <rect x="3" y="13" width="14" height="3" rx="1.2" />
    </svg>
  );
}
function RefreshIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 ${spinning ? "animate-spin motion-reduce:animate-none" : ""}`} fill="none" stroke="currentColor" strokeWidth="1.8">
      <path strokeLinecap="round" d="M16 10a6 6 0 1 1-1.8-4.3M16 3.5v3.2h-3.2" />
    </svg>
  );
}

function RefreshButton({ onRefresh, refreshing, className }: { onRefresh: () => void; refreshing: boolean; className: string }) {
  return (
    <button
      type="button"
      onClick={onRefresh}
      disabled={refreshing}
      className={`min-h-11 items-center gap-2 rounded-md px-3 text-sm text-muted hover:bg-accent-soft hover:text-ink disabled:opacity-60 ${className}`}
    >
      <RefreshIcon spinning={refreshing} />
      Refresh
    </button>
  );
}

/** Search, prompt, responses and sort (all in the URL), Refresh, and the grid/list toggle. */
export function FeedToolbar({
  params,
  onChange,
  history,
  historyFailed = false,
  onRetryHistory,
  mode,
  onModeChange,
  onRefresh,
  refreshing,
}: {
  params: FeedParams;
  onChange: (next: Partial<FeedParams>) => void;
  history: PromptHistory | undefined;
  /** The prompt list could not be loaded: say so next to the filter, with a way to try again. */
  historyFailed?: boolean;
  onRetryHistory?: () => void;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const searchId = useId();
  const [term, setTerm] = useState(params.q);
  // What this box last put in the URL: a URL change that is not ours (back button, a shared
  // link) replaces the box's text; ours never interrupts someone still typing.
  const [sent, setSent] = useState(params.q);
  const [urlTerm, setUrlTerm] = useState(params.q);
  if (urlTerm !== params.q) {
    setUrlTerm(params.q);
    if (params.q !== sent) {
      setTerm(params.q);
      setSent(params.q);
    }
  }
  const search = (q: string) => {
    setSent(q);
    onChange({ q });
  };
  useEffect(() => {
    const q = term.trim();
    if (q === params.q) return;
    const id = window.setTimeout(() => {
      setSent(q);
      onChange({ q });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [term, params.q, onChange]);

  const prompts = history?.prompts ?? [];
  const knownPrompt = params.prompt === "all" || params.prompt === "freewrite" || prompts.some((p) => p.id === params.prompt);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={searchId} className="sr-only">
            Search responses
          </label>
          <input
            id={searchId}
            type="search"
            value={term}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(e) => setTerm(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") search(term.trim());
            }}
            placeholder="Search responses..."
            className="min-h-11 w-full rounded-md border border-line bg-card px-3 text-base text-ink placeholder:text-muted focus:border-accent"
          />
        </div>
        <RefreshButton onRefresh={onRefresh} refreshing={refreshing} className="hidden sm:inline-flex" />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid w-full min-w-0 grid-cols-1 gap-3 sm:flex sm:w-auto sm:flex-1 sm:flex-wrap">
          <Select label="Prompt" value={params.prompt} onChange={(v) => onChange({ prompt: v })}>
            <option value="all">All Prompts</option>
            <option value="freewrite">Weekly Freewrite</option>
            {!knownPrompt && <option value={params.prompt}>This prompt</option>}
            {prompts.map((p) => (
              <option key={p.id} value={p.id}>
                {`${truncateText(markupToPlainText(p.text, "prompt"), PROMPT_FILTER_LABEL_MAX)} (${p.responseCount})`}
              </option>
            ))}
          </Select>
          {historyFailed && (
            <p role="alert" className="text-sm text-danger sm:order-last sm:w-full">
              The prompts could not be loaded.{" "}
              {onRetryHistory && (
                <button type="button" onClick={onRetryHistory} className="inline-flex min-h-11 items-center px-1 text-accent underline underline-offset-4">
                  try again
                </button>
              )}
            </p>
          )}
          <div className="grid grid-cols-2 gap-3 sm:contents">
            <Select label="Responses" value={params.filter} onChange={(v) => onChange({ filter: v as FeedParams["filter"] })}>
              {COMMUNITY_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {FILTER_LABELS[f]}
                </option>
              ))}
            </Select>
            <Select label="Sort" value={params.sort} onChange={(v) => onChange({ sort: v as FeedParams["sort"] })}>
              {COMMUNITY_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div className="flex w-full items-center justify-between gap-3 sm:w-auto">
        <RefreshButton onRefresh={onRefresh} refreshing={refreshing} className="-ml-3 inline-flex sm:hidden" />
        <div role="group" aria-label="Layout" className="flex rounded-md border border-line bg-card p-0.5">
          {(["grid", "list"] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              aria-label={m === "grid" ? "Grid view" : "List view"}
              onClick={() => onModeChange(m)}
              className={`inline-flex min-h-10 min-w-10 items-center justify-center rounded ${mode === m ? "bg-accent-soft text-accent" : "text-muted hover:text-ink"}`}
            >
              {m === "grid" ? <GridIcon /> : <ListIcon />}
            </button>
          ))}
        </div>
        </div>
      </div>
    </div>
  );
}
