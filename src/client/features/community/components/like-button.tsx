import { useRef } from "react";
import { LIKE_LOCK_MS } from "#shared/constants.ts";
import { COMMUNITY_MESSAGES } from "#shared/domain/community.ts";
import { useToggleLike } from "../api/toggle-like.ts";

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.8">
      <path strokeLinejoin="round" d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z" />
    </svg>
  );
}

const likesText = (n: number) => `${n} ${n === 1 ? "like" : "likes"}`;

/**
 * The heart with its count. A click changes both at once (undone if the server refuses) and
 * further clicks are ignored for LIKE_LOCK_MS. Visitors are asked to sign in instead. On the
 * viewer's own piece (`piece.isMine`) it is only the count: the server refuses a like of one's
 * own piece, so there is nothing to press.
 */
export function LikeButton({
  piece,
  signedIn,
  onSignInNeeded,
  className = "",
}: {
  piece: { id: string; likeCount: number; likedByMe: boolean; isMine: boolean };
  signedIn: boolean;
  onSignInNeeded: () => void;
  className?: string;
}) {
  const toggle = useToggleLike();
  const lockedUntil = useRef(0);
  const liked = signedIn && piece.likedByMe;
  const mine = signedIn && piece.isMine;
  const onClick = () => {
    if (!signedIn) {
      onSignInNeeded();
      return;
    }
    const now = Date.now();
    if (now < lockedUntil.current) return;
    lockedUntil.current = now + LIKE_LOCK_MS;
    toggle.mutate({ id: piece.id, like: !liked });
  };
  const layout = `relative z-10 inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm tabular-nums ${className}`;
  if (mine) {
    return (
      <span title={COMMUNITY_MESSAGES.ownPieceLike} className={`${layout} text-muted`}>
        <Heart filled={false} />
        <span>
          {piece.likeCount}
          <span className="sr-only"> {piece.likeCount === 1 ? "like" : "likes"} on your piece</span>
        </span>
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`Like, ${likesText(piece.likeCount)}`}
      onClick={onClick}
      className={`${layout} transition-colors hover:bg-accent-soft ${liked ? "text-accent" : "text-muted hover:text-ink"}`}
    >
      <Heart filled={liked} />
      <span>{piece.likeCount}</span>
    </button>
  );
}
