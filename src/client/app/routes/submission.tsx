import { useState } from "react";
import { useParams, useSearchParams } from "react-router";
import type { PieceView } from "#shared/schemas/portfolio.ts";
import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { useMe } from "#client/lib/get-me.ts";
import { PiecePage } from "#client/features/piece/components/piece-page.tsx";
import { SHARE_LINK_COPIED, ShareDialog } from "#client/features/share/components/share-dialog.tsx";

/** /submission/{id}(?share=token): one piece. Its <head> was already written by the server. */
export function Component() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const { data: me } = useMe();
  const toast = useToast();
  const [shareId, setShareId] = useState<string | null>(null);

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
      <PiecePage key={id} id={id} share={params.get("share")} signedIn={Boolean(me)} onShare={(p) => void share(p)} />
      <ShareDialog pieceId={shareId} open={shareId !== null} onClose={() => setShareId(null)} />
    </Page>
  );
}
