import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { formatLongDate } from "#shared/domain/format.ts";
import { markupToPlainText } from "#shared/domain/markup.ts";
import type { AdminPromptListItem } from "#shared/schemas/admin.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useAdminPrompts } from "../api/get-admin-prompts.ts";
import { usePromptSubmissions } from "../api/get-prompt-submissions.ts";
import { useFeaturedToggle } from "../lib/use-featured-toggle.ts";
import { AdminHeader } from "./admin-header.tsx";
import type { DeletablePiece } from "./delete-piece-button.tsx";
import { SubmissionItem } from "./submission-item.tsx";
import { pieceName } from "#shared/domain/piece-name.ts";

/**
 * Keeps the selected prompt inside the list's own scroll box (on arrival, after a deep link or
 * once more prompts load), without scrolling the page.
 */
function useSelectedInView(selectedId: string | null, deps: unknown) {
  const boxRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const box = boxRef.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !item) return;
    const b = box.getBoundingClientRect();
    const r = item.getBoundingClientRect();
    if (r.top < b.top) box.scrollTop -= b.top - r.top;
    else if (r.bottom > b.bottom) box.scrollTop += Math.min(r.bottom - b.bottom, r.top - b.top);
  }, [selectedId, deps]);
  return boxRef;
}

/**
 * /admin/prompts: every prompt (newest first) and, for the one selected, its public pieces. The
 * prompts scheduled after today wait behind one button, so the list opens on today's.
 */
export function PromptsDatabase({ onDeletePiece }: { onDeletePiece?: (piece: DeletablePiece) => void }) {
  const [params, setParams] = useSearchParams();
  const list = useAdminPrompts();
  const pages = list.data?.pages;
  const today = pages?.[0]?.today ?? "";
  const freewrite = pages?.[0]?.freewrite ?? null;
  const prompts = useMemo(() => pages?.flatMap((p) => p.prompts) ?? [], [pages]);

  // The first prompt is selected on arrival (the newest that is not in the future).
  const firstId = useMemo(() => (prompts.find((p) => !p.date || p.date <= today) ?? prompts[0] ?? freewrite)?.id ?? null, [prompts, today, freewrite]);
  const selectedId = params.get("prompt") ?? firstId;
  useEffect(() => {
    if (!params.get("prompt") && firstId) setParams({ prompt: firstId }, { replace: true });
  }, [firstId, params, setParams]);

  const select = (id: string) => setParams({ prompt: id }, { replace: false });

  const scheduled = useMemo(() => prompts.filter((p) => p.date && p.date > today), [prompts, today]);
  const current = useMemo(() => prompts.filter((p) => !(p.date && p.date > today)), [prompts, today]);
  // Closed unless a scheduled prompt is the one selected, until the admin opens or closes them.
  const [scheduledOpen, setScheduledOpen] = useState<boolean | null>(null);
  const showScheduled = scheduledOpen ?? scheduled.some((p) => p.id === selectedId);
  const scheduledId = useId();
  const boxRef = useSelectedInView(selectedId, prompts.length);

  return (
    <>
      <AdminHeader title="Prompts" subtitle="Every prompt and the pieces written for it. Star a piece to make it an Editor's Pick." />
      {list.isPending ? (
        <LoadingState label="Loading prompts..." />
      ) : list.isError ? (
        <ErrorState
          message={`Error loading prompts: ${errorMessage(list.error)}`}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <nav ref={boxRef} aria-label="Prompts" className="-mx-1 max-h-80 overflow-y-auto px-1 py-1 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:self-start">
            {prompts.length === 0 && !freewrite ? (
              <p className="rounded-xl border border-line bg-card p-5 text-muted">No prompts available yet.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {freewrite && <PromptListItem prompt={freewrite} selected={selectedId === freewrite.id} onSelect={select} />}
                {prompts.length === 0 && <li className="px-1 text-sm text-muted">No prompts available yet.</li>}
                {scheduled.length > 0 && (
                  <li>
                    <Button variant="ghost" className="w-full" aria-expanded={showScheduled} aria-controls={scheduledId} onClick={() => setScheduledOpen(!showScheduled)}>
                      {showScheduled ? "Hide" : "Show"} {scheduled.length} scheduled {scheduled.length === 1 ? "prompt" : "prompts"}
                    </Button>
                  </li>
                )}
                {scheduled.length > 0 && (
                  <li id={scheduledId} hidden={!showScheduled}>
                    <ul aria-label="Scheduled prompts" className="flex flex-col gap-2">
                      {showScheduled && scheduled.map((p) => <PromptListItem key={p.id} prompt={p} selected={selectedId === p.id} future onSelect={select} />)}
                    </ul>
                  </li>
                )}
                {current.map((p) => (
                  <PromptListItem key={p.id} prompt={p} selected={selectedId === p.id} onSelect={select} />
                ))}
              </ul>
            )}
            {list.hasNextPage && (
              <Button variant="ghost" className="mt-2 w-full" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? "Loading..." : "Load older prompts"}
              </Button>
            )}
          </nav>
          <PromptSubmissions promptId={selectedId} onDeletePiece={onDeletePiece} />
        </div>
      )}
    </>
  );
}

function PromptListItem({ prompt, selected, future = false, onSelect }: { prompt: AdminPromptListItem; selected: boolean; future?: boolean; onSelect: (id: string) => void }) {
  return (
    <li>
      <button
        type="button"
        aria-current={selected ? "true" : undefined}
        onClick={() => onSelect(prompt.id)}
        className={`w-full rounded-xl border p-3 text-left transition-colors ${selected ? "border-accent bg-accent-soft" : "border-line bg-card hover:border-accent"}`}
      >
        <span className="flex items-baseline justify-between gap-2 text-sm">
          <span className="font-medium text-ink">{prompt.kind === "freewrite" ? "Freewrite" : formatLongDate(prompt.date!)}</span>
          <span className="shrink-0 text-xs text-muted">
            {future ? "scheduled" : `${prompt.responseCount} ${prompt.responseCount === 1 ? "response" : "responses"}`}
          </span>
        </span>
        <span className="mt-1 line-clamp-2 font-serif text-sm text-muted [overflow-wrap:anywhere]">{markupToPlainText(prompt.text, "prompt")}</span>
      </button>
    </li>
  );
}

function PromptSubmissions({ promptId, onDeletePiece }: { promptId: string | null; onDeletePiece?: (piece: DeletablePiece) => void }) {
  const toast = useToast();
  const query = usePromptSubmissions(promptId);
  const { toggle, busy } = useFeaturedToggle((message, tone) => (tone === "error" ? toast.error(message) : toast.success(message)));

  if (!promptId) return <p className="py-16 text-center text-muted">Select a prompt to view submissions</p>;
  if (query.isPending) return <LoadingState label="Loading submissions..." />;
  if (query.isError)
    return (
      <ErrorState
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  const first = query.data.pages[0]!;
  const items = query.data.pages.flatMap((p) => p.submissions);
  return (
    <section aria-labelledby="prompt-submissions" className="min-w-0">
      <div className="rounded-xl border border-line bg-card p-5">
        <p className="text-sm text-muted">{first.prompt.kind === "freewrite" ? "Freewrite" : formatLongDate(first.prompt.date!)}</p>
        <Markup text={first.prompt.text} mode="prompt" className="mt-2 font-serif text-xl leading-relaxed [overflow-wrap:anywhere]" />
        {first.prompt.author && <p className="mt-2 font-serif italic text-muted [overflow-wrap:anywhere]">Prompt by {first.prompt.author}</p>}
      </div>
      {first.total > 0 ? (
        <h2 id="prompt-submissions" className="mt-8 font-serif text-2xl">
          Submissions ({first.total})
        </h2>
      ) : (
        <p id="prompt-submissions" className="mt-8 text-muted">
          No submissions for this prompt yet.
        </p>
      )}
      <ul className="mt-4 flex flex-col gap-4">
        {items.map((s) => (
          <li key={s.id}>
            <SubmissionItem
              submission={s}
              prompt={first.prompt}
              busy={busy.has(s.id)}
              onToggleFeatured={() => toggle(s.id, s.isFeatured)}
              onDelete={onDeletePiece && (() => onDeletePiece({ id: s.id, title: pieceName(s.title, first.prompt) }))}
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button variant="secondary" className="mt-4" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? "Loading..." : "Load more submissions"}
        </Button>
      )}
    </section>
  );
}
