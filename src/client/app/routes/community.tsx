import { useIsFetching, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, type MouseEvent } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { isUuid } from "#shared/domain/ids.ts";
import { MESSAGES } from "#shared/errors.ts";
import type { CommunityFeedPage, FeedParams } from "#shared/schemas/community.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { useMe } from "#client/lib/get-me.ts";
import { usePromptHistory } from "#client/features/community/api/get-prompt-history.ts";
import { communityKeys } from "#client/features/community/api/keys.ts";
import { CommunityFeed } from "#client/features/community/components/community-feed.tsx";
import { FeedToolbar } from "#client/features/community/components/feed-toolbar.tsx";
import { PieceDetail } from "#client/features/community/components/piece-detail.tsx";
import { SignInPrompt } from "#client/features/community/components/sign-in-prompt.tsx";
import { PIECE_PARAM, readFeedParams, writeFeedParams } from "#client/features/community/lib/feed-params.ts";
import { useCommunityLive } from "#client/features/community/lib/use-community-live.ts";
import { useViewMode } from "#client/features/community/lib/use-view-mode.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** Where the reader was in the feed when they opened a piece, to return them there. */
let feedScrollY = 0;

/**
 * /community: the feed (its view in the URL) or, with ?piece=ID, one piece and its comments.
 * Readable by visitors; liking and commenting ask them to sign in.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readFeedParams(search), [search]);
  const rawPiece = search.get(PIECE_PARAM);
  const pieceId = rawPiece && isUuid(rawPiece) ? rawPiece : null;
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data: me } = useMe();
  const history = usePromptHistory();
  const [mode, setMode] = useViewMode();
  const [signInOpen, setSignInOpen] = useState(false);
  const { newCount, clearNew } = useCommunityLive(params, history.data?.freewritePromptId ?? null, pieceId);
  const fetching = useIsFetching({ queryKey: communityKeys.feed(params), exact: true });
  useDocumentTitle("Community", "Explore how writers responded to each prompt");

  const here = `${location.pathname}${location.search}`;

  const onChange = useCallback(
    (next: Partial<FeedParams>) => {
      // Typing a search replaces the history entry; choosing a filter or sort adds one.
      setSearch((prev) => writeFeedParams(prev, { ...readFeedParams(prev), ...next }), { replace: next.q !== undefined });
    },
    [setSearch],
  );

  /** Reload the view from its first page: a fresh snapshot that includes the newest pieces. */
  const reload = useCallback(() => {
    const key = communityKeys.feed(params);
    qc.setQueryData<InfiniteData<CommunityFeedPage, string | null>>(key, (d) => (d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d));
    void qc.refetchQueries({ queryKey: key, exact: true });
    void qc.invalidateQueries({ queryKey: communityKeys.prompts });
    clearNew();
  }, [qc, params, clearNew]);

  const showNew = useCallback(() => {
    reload();
    window.scrollTo({ top: 0 });
  }, [reload]);

  const pieceHref = useCallback(
    (id: string) => {
      const next = new URLSearchParams(search);
      next.set(PIECE_PARAM, id);
      return `?${next}`;
    },
    [search],
  );
  const feedSearch = useMemo(() => {
    const next = new URLSearchParams(search);
    next.delete(PIECE_PARAM);
    const s = next.toString();
    return s ? `?${s}` : location.pathname;
  }, [search, location.pathname]);

  const onBack = (e: MouseEvent) => {
    if ((location.state as { fromFeed?: boolean } | null)?.fromFeed) {
      e.preventDefault();
      navigate(-1);
    }
  };

  useEffect(() => {
    if (pieceId) window.scrollTo({ top: 0 });
    else if (feedScrollY > 0) {
      const y = feedScrollY;
      feedScrollY = 0;
      requestAnimationFrame(() => window.scrollTo({ top: y }));
    }
  }, [pieceId]);

  const signIn = (
    <SignInPrompt open={signInOpen} onClose={() => setSignInOpen(false)} message={MESSAGES.loginToLike} next={here} />
  );

  if (pieceId) {
    return (
      <Page>
        <PieceDetail id={pieceId} backHref={feedSearch} onBack={onBack} signedIn={Boolean(me)} onSignInNeeded={() => setSignInOpen(true)} next={here} />
        {signIn}
      </Page>
    );
  }

  return (
    <Page wide>
      <header className="mb-8 max-w-2xl">
        <h1 className="font-serif text-4xl tracking-tight sm:text-5xl">Community</h1>
        <p className="mt-3 font-serif text-lg text-muted">Explore how writers responded to each prompt</p>
      </header>
      <FeedToolbar
        params={params}
        onChange={onChange}
        history={history.data}
        historyFailed={history.isError}
        onRetryHistory={() => void history.refetch()}
        mode={mode}
        onModeChange={setMode}
        onRefresh={reload}
        refreshing={fetching > 0}
      />
      <div className="mt-4">
        <CommunityFeed
          params={params}
          mode={mode}
          signedIn={Boolean(me)}
          newCount={newCount}
          onShowNew={showNew}
          pieceHref={pieceHref}
          onOpenPiece={() => {
            feedScrollY = window.scrollY;
          }}
          onSignInNeeded={() => setSignInOpen(true)}
        />
      </div>
      {signIn}
    </Page>
  );
}
