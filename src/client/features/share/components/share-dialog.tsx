import { useEffect, useId, useRef, useState } from "react";
import { formatDateAtTime } from "#shared/domain/format.ts";
import { PORTFOLIO_MESSAGES } from "#shared/domain/portfolio.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { FormMessage, LoadingState } from "#client/components/ui/states.tsx";
import { ApiError } from "#client/lib/api-client.ts";
import { useCreateShareLink } from "../api/create-share-link.ts";

/** The spec's confirmation once the link is on the clipboard. */
export const SHARE_LINK_COPIED = "Share link copied to clipboard!";

/** What the writer of a private piece reads before copying its link. */
export function sharedSignatureNotice(authorLabel: string): string {
  return `People with this link will see it signed as ${authorLabel}.`;
}

/**
 * The share modal: creates (or reuses) a 24-hour link to one piece and copies it. Anyone holding
 * the link can read the piece until it expires, even a private one.
 */
export function ShareDialog({ pieceId, open, onClose }: { pieceId: string | null; open: boolean; onClose: () => void }) {
  const create = useCreateShareLink();
  const { mutate, reset } = create;
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const signedId = useId();

  useEffect(() => {
    if (!open || !pieceId) return;
    setCopied("idle");
    mutate(pieceId);
    return () => reset();
  }, [open, pieceId, mutate, reset]);

  const link = create.data;

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.shareUrl);
      setCopied("copied");
    } catch {
      // No clipboard permission: select the text so the writer can copy it by hand.
      inputRef.current?.select();
      setCopied("failed");
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Share your writing">
      {create.isPending && <LoadingState label="Creating your link..." className="py-8" />}
      {create.isError && (
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">{create.error instanceof ApiError && create.error.isRateLimited ? create.error.message : PORTFOLIO_MESSAGES.shareGenerateFailed}</FormMessage>
          <div className="flex justify-end gap-2">
            <Button variant="text" onClick={onClose}>
              close
            </Button>
            <Button variant="secondary" onClick={() => pieceId && mutate(pieceId)}>
              Try again
            </Button>
          </div>
        </div>
      )}
      {link && (
        <div className="flex flex-col gap-4">
          <p className="text-muted" id={hintId}>
            Anyone with this link can read this piece until {formatDateAtTime(link.expiresAt)}.
          </p>
          {link.isPrivate && (
            // A private piece is signed with the registered name: say so before the link is copied.
            <p id={signedId} className="rounded-md border border-accent/40 bg-accent-soft px-3 py-2 text-sm text-ink [overflow-wrap:anywhere]">
              {sharedSignatureNotice(link.authorLabel)}
            </p>
          )}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium">
              Share link
            </label>
            <input
              ref={inputRef}
              id={inputId}
              readOnly
              value={link.shareUrl}
              aria-describedby={link.isPrivate ? `${hintId} ${signedId}` : hintId}
              onFocus={(e) => e.currentTarget.select()}
              className="min-h-11 w-full rounded-md border border-line bg-paper px-3 font-mono text-sm text-ink"
            />
          </div>
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p role="status" className="mr-auto text-sm text-success">
              {copied === "copied" ? SHARE_LINK_COPIED : copied === "failed" ? "Select the link and copy it." : ""}
            </p>
            <Button variant="text" onClick={onClose}>
              done
            </Button>
            <Button variant="primary" onClick={() => void copy()}>
              Copy link
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
