import { useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { MESSAGES } from "#shared/errors.ts";
import { MODERATION_MESSAGES } from "#shared/domain/moderation.ts";
import { DEFAULT_FEED_PARAMS } from "#shared/domain/community.ts";
import type { PieceView } from "#shared/schemas/portfolio.ts";
import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { useMe } from "#client/lib/get-me.ts";
import { BlockWriterButton } from "#client/features/community/components/block-writer-button.tsx";
import { CommentSection, type RenderReport } from "#client/features/community/components/comment-section.tsx";
import { ReportButton } from "#client/features/moderation/components/report-button.tsx";
import { CommunityLikeButton } from "#client/features/community/components/piece-detail.tsx";
import { SignInPrompt } from "#client/features/community/components/sign-in-prompt.tsx";
import { useCommunityLive } from "#client/features/community/lib/use-community-live.ts";
import { PiecePage } from "#client/features/piece/components/piece-page.tsx";
import { SHARE_LINK_COPIED, ShareDialog } from "#client/features/share/components/share-dialog.tsx";

/**
 * /submission/{id}(?share=token): one piece. Its <head> was already written by the server. A
 * public piece carries the community's likes and comments, kept live as on /community.
 */
export function Component() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const toast = useToast();
  const [shareId, setShareId] = useState<string | null>(null);
  const [signInOpen, setSignInOpen] = useState(false);
  const [reportSignIn, setReportSignIn] = useState(false);
  const renderReport: RenderReport = (kind, itemId, label) => (
    <ReportButton kind={kind} id={itemId} label={label} signedIn={signedIn} onSignInNeeded={() => setReportSignIn(true)} />
  );
  useCommunityLive(DEFAULT_FEED_PARAMS, null, id);
  const signedIn = Boolean(me);
  const here = `${location.pathname}${location.search}`;

  const share = async (piece: PieceView) => {
    if (piece.isOwner) {
      setShareId(piece.id);
      return;
    }
    // A public piece needs no token: its address is the link.
    try {
      await navigator.clipboard.writeText(new URL(paths.submission.href(piece.id), window.location.origin).toString());
      toast.success(SHARE_LINK_COPIED);
    } catch {
      toast.error("Could not copy the link. Copy the address from your browser instead.");
    }
  };

  return (
    <Page>
      <PiecePage
        key={id}
        id={id}
        share={params.get("share")}
        signedIn={signedIn}
        isAdmin={Boolean(me?.isAdmin)}
        onShare={(p) => void share(p)}
        onDeleted={() => navigate(paths.community.href(), { replace: true })}
        likes={(p) =>
          !p.isPrivate && (
            <>
              <CommunityLikeButton id={p.id} signedIn={signedIn} onSignInNeeded={() => setSignInOpen(true)} className="-ml-2" />
              {signedIn && !p.isOwner && (
                <BlockWriterButton target={{ pieceId: p.id }} label={p.authorLabel} onBlocked={() => navigate(paths.community.href())} />
              )}
            </>
          )
        }
        footer={(p) =>
          !p.isPrivate && (
            <>
              {!p.isOwner && (
                <div className="-mt-4 mb-6 flex justify-end">
                  <ReportButton kind="piece" id={p.id} label={`piece by ${p.authorLabel}`} signedIn={signedIn} onSignInNeeded={() => setReportSignIn(true)} />
                </div>
              )}
              <CommentSection pieceId={p.id} fallbackCount={p.commentCount} signedIn={signedIn} next={here} renderReport={renderReport} commentsOff={p.commentsOff} />
            </>
          )
        }
      />
      <ShareDialog pieceId={shareId} open={shareId !== null} onClose={() => setShareId(null)} />
      <SignInPrompt open={signInOpen} onClose={() => setSignInOpen(false)} message={MESSAGES.loginToLike} next={here} />
      <SignInPrompt open={reportSignIn} onClose={() => setReportSignIn(false)} message={MODERATION_MESSAGES.loginToReport} next={here} />
    </Page>
  );
}
