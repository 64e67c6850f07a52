import { MODERATION_MESSAGES } from "#shared/domain/moderation.ts";
import { useEffect, useRef } from "react";
import { formatLongDate, wordsLabel } from "#shared/domain/format.ts";
import { truncateText } from "#shared/domain/markup.ts";
import { CARD_TITLE_MAX, LIST_TITLE_MAX } from "#shared/domain/portfolio.ts";
import type { PortfolioItem, PortfolioSort } from "#shared/schemas/portfolio.ts";
import { pieceName } from "#shared/domain/piece-name.ts";
import { paths } from "#client/config/paths.ts";
import { Button, LinkButton } from "#client/components/ui/button.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useMySubmissions } from "../api/get-my-submissions.ts";
import type { PortfolioView } from "../hooks/use-portfolio-view.ts";
import { PieceMenu } from "./piece-menu.tsx";

export interface PortfolioActions {
  onOpen: (id: string) => void;
  onEdit: (id: string) => void;
  onShare: (id: string) => void;
  onDelete: (piece: { id: string; title: string }) => void;
}

const badge = "inline-flex items-center rounded-full border px-2 py-0.5 text-[11px] font-medium";

function Badges({ item }: { item: PortfolioItem }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={`${badge} border-line text-muted`}>{item.isPrivate ? "Private" : "Published"}</span>
      {item.edited && <span className={`${badge} border-accent/40 bg-accent-soft text-ink`}>Edited</span>}
      {item.imported && <span className={`${badge} border-line text-muted`}>Imported</span>}
      {item.isFeatured && <span className={`${badge} border-accent/40 bg-accent-soft text-ink`}>Editors' Selection</span>}
      {item.hiddenReason != null && (
        // Issue 13: only the writer sees their hidden piece, and why.
        <span className={`${badge} border-danger/50 text-danger`}>
          {MODERATION_MESSAGES.hiddenByModerators}
          {item.hiddenReason && `: ${item.hiddenReason}`}
        </span>
      )}
    </span>
  );
}

function PieceCard({ item, actions }: { item: PortfolioItem; actions: PortfolioActions }) {
  const full = pieceName(item.title, item.prompt);
  const title = truncateText(full, CARD_TITLE_MAX);
  return (
    <li className="relative flex flex-col gap-3 rounded-xl border border-line bg-card p-5 transition-colors hover:border-accent/60 focus-within:border-accent/60">
      <div className="flex items-start justify-between gap-2">
        <Badges item={item} />
        <div className="relative z-10 -mr-2 -mt-2">
          <PieceMenu label={`Actions for “${title}”`} onEdit={() => actions.onEdit(item.id)} onShare={() => actions.onShare(item.id)} onDelete={() => actions.onDelete({ id: item.id, title: full })} />
        </div>
      </div>
      <h3 className="font-serif text-xl leading-snug [overflow-wrap:anywhere]">
        <button type="button" onClick={() => actions.onOpen(item.id)} title={full !== title ? full : undefined} className="text-left after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-accent">
          {title}
        </button>
      </h3>
      <Markup text={item.excerpt} className="line-clamp-4 font-serif text-[15px] leading-relaxed text-muted [overflow-wrap:anywhere]" />
      <p className="mt-auto pt-1 text-xs text-muted">
        {formatLongDate(item.createdAt)} • {wordsLabel(item.wordCount)}
      </p>
    </li>
  );
}

function PieceRow({ item, actions }: { item: PortfolioItem; actions: PortfolioActions }) {
  const full = pieceName(item.title, item.prompt);
  const title = truncateText(full, LIST_TITLE_MAX);
  return (
    <li className="relative flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <h3 className="font-serif text-lg leading-snug [overflow-wrap:anywhere]">
          <button type="button" onClick={() => actions.onOpen(item.id)} title={full !== title ? full : undefined} className="text-left after:absolute after:inset-0 after:content-[''] hover:text-accent">
            {title}
          </button>
        </h3>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <span>
            {formatLongDate(item.createdAt)} • {wordsLabel(item.wordCount)}
          </span>
          <Badges item={item} />
        </div>
      </div>
      <div className="relative z-10">
        <PieceMenu label={`Actions for “${title}”`} onEdit={() => actions.onEdit(item.id)} onShare={() => actions.onShare(item.id)} onDelete={() => actions.onDelete({ id: item.id, title: full })} />
      </div>
    </li>
  );
}

/** The writer's pieces, paged from the server: infinite scroll, with a "Load more" button that always works. */
export function PortfolioCollection({ q, sort, view, actions }: { q: string; sort: PortfolioSort; view: PortfolioView; actions: PortfolioActions }) {
  const query = useMySubmissions({ q, sort });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: "400px 0px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <LoadingState label="Loading your portfolio..." />;
  if (query.isError && !query.data)
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.items);
  const searching = q.trim();
  if (items.length === 0 && !query.isPlaceholderData) {
    return searching ? (
      <EmptyState title="No matches found">Nothing in your writing matches “{searching}”.</EmptyState>
    ) : (
      <EmptyState
        title="Your Portfolio Awaits"
        action={
          <LinkButton to={paths.freewrite.href()} variant="primary">
            Start Freewriting
          </LinkButton>
        }
      >
        Begin building your collection of works.
      </EmptyState>
    );
  }
  return (
    <div aria-busy={query.isPlaceholderData || isFetchingNextPage} className={query.isPlaceholderData ? "opacity-60 transition-opacity" : ""}>
      <h2 className="sr-only">Your writing</h2>
      {view === "cards" ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <PieceCard key={item.id} item={item} actions={actions} />
          ))}
        </ul>
      ) : (
        <ul className="divide-y divide-line border-y border-line">
          {items.map((item) => (
            <PieceRow key={item.id} item={item} actions={actions} />
          ))}
        </ul>
      )}
      <div ref={sentinel} className="mt-8 flex justify-center">
        {hasNextPage && (
          <Button variant="text" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? "loading more..." : "load more"}
          </Button>
        )}
      </div>
    </div>
  );
}
