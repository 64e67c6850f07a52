import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { portfolioSort, type PortfolioSort } from "#shared/schemas/portfolio.ts";
import { paths } from "#client/config/paths.ts";
import { RequireUser } from "#client/app/guards.tsx";
import { Page } from "#client/components/layout/app-shell.tsx";
import { useMe } from "#client/lib/get-me.ts";
import { DeletePieceDialog } from "#client/features/piece/components/delete-piece-dialog.tsx";
import { PieceReader } from "#client/features/piece/components/piece-reader.tsx";
import { usePieceInUrl } from "#client/features/piece/hooks/use-piece-in-url.ts";
import { usePortfolioStats } from "#client/features/portfolio/api/get-portfolio-stats.ts";
import { PortfolioCollection, type PortfolioActions } from "#client/features/portfolio/components/portfolio-collection.tsx";
import { PortfolioToolbar } from "#client/features/portfolio/components/portfolio-toolbar.tsx";
import { ProfileEditorDialog } from "#client/features/portfolio/components/profile-editor-dialog.tsx";
import { ProfileHeader } from "#client/features/portfolio/components/profile-header.tsx";
import { TierDialog } from "#client/features/portfolio/components/tier-dialog.tsx";
import { usePortfolioView } from "#client/features/portfolio/hooks/use-portfolio-view.ts";
import { ShareDialog } from "#client/features/share/components/share-dialog.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { usePortfolioLive } from "#client/features/portfolio/hooks/use-portfolio-live.ts";
import { TRASH_DAYS } from "#shared/domain/trash.ts";
import { OfflineCopyNote } from "#client/components/ui/offline-copy-note.tsx";

/** The answers /profile shows that the service worker may keep (shared/pwa.ts). */
const OFFLINE_COPY_PATHS = ["/api/me", "/api/me/portfolio-stats", "/api/me/submissions"] as const;
import { CalendarSection } from "#client/features/writing-calendar/components/calendar-section.tsx";

const SEARCH_DEBOUNCE_MS = 300;
/** The piece open over the portfolio: /profile?read=ID. */
const READ_PARAM = "read";

function Profile() {
  useDocumentTitle("Your portfolio", "Your writing, your streak and your progress, all in one place.");
  const { data: me } = useMe();
  const stats = usePortfolioStats();
  usePortfolioLive();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const parsedSort = portfolioSort.safeParse(params.get("sort"));
  const sort: PortfolioSort = parsedSort.success ? parsedSort.data : "recent";
  const reader = usePieceInUrl({ param: READ_PARAM, fromListFlag: "fromList" });
  const reading = reader.pieceId;
  const [search, setSearch] = useState(q);
  const [view, setView] = usePortfolioView();
  const [profileOpen, setProfileOpen] = useState(false);
  const [progressOpen, setProgressOpen] = useState(false);
  const [shareId, setShareId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);

  // The search box writes ?q= after a pause, so the server is asked once per thought, not per key.
  useEffect(() => {
    if (search === q) return;
    const timer = window.setTimeout(() => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (search.trim()) next.set("q", search);
          else next.delete("q");
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, q, setParams]);

  const setSort = (s: PortfolioSort) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (s === "recent") next.delete("sort");
        else next.set("sort", s);
        return next;
      },
      { replace: true },
    );

  const actions: PortfolioActions = {
    onOpen: reader.open,
    onEdit: (id) => navigate(paths.edit.href(id)),
    onShare: setShareId,
    onDelete: setDeleting,
  };

  return (
    <Page wide>
      {reading ? (
        <div className="mx-auto max-w-2xl">
          <PieceReader id={reading} onBack={reader.close} onEdit={actions.onEdit} onShare={actions.onShare} onDelete={actions.onDelete} />
        </div>
      ) : (
        <>
          <OfflineCopyNote paths={OFFLINE_COPY_PATHS} className="mb-4" />
          <ProfileHeader
            fullName={me?.fullName ?? "Writer"}
            alias={me?.alias ?? null}
            stats={stats.data}
            statsFailed={stats.isError}
            retryingStats={stats.isFetching}
            onRetryStats={() => void stats.refetch()}
            onEditProfile={() => setProfileOpen(true)}
            onShowProgress={() => setProgressOpen(true)}
          />
          <CalendarSection />
          <div className="mt-10">
            <PortfolioToolbar search={search} onSearch={setSearch} sort={sort} onSort={setSort} view={view} onView={setView} />
          </div>
          <div className="mt-6">
            <PortfolioCollection q={q} sort={sort} view={view} actions={actions} />
          </div>
          <p className="mt-10 text-sm">
            <Link to={paths.profileTrash.href()} className="text-muted underline underline-offset-4 hover:text-accent">
              {`Trash: deleted pieces, kept ${TRASH_DAYS} days`}
            </Link>
          </p>
        </>
      )}
      <ShareDialog pieceId={shareId} open={shareId !== null} onClose={() => setShareId(null)} />
      <DeletePieceDialog
        piece={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          if (reading === id) reader.close();
        }}
      />
      <ProfileEditorDialog open={profileOpen} onClose={() => setProfileOpen(false)} fullName={me?.fullName ?? ""} alias={me?.alias ?? null} />
      <TierDialog
        open={progressOpen}
        onClose={() => setProgressOpen(false)}
        tier={stats.data?.tier}
        failed={stats.isError}
        retrying={stats.isFetching}
        onRetry={() => void stats.refetch()}
      />
    </Page>
  );
}

/** /profile: the writer's portfolio (signed-in only). */
export function Component() {
  return (
    <RequireUser loadingLabel="Loading your portfolio...">
      <Profile />
    </RequireUser>
  );
}
