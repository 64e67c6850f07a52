import { hc } from "hono/client";
import type { AppType } from "#server/app.ts";
import { Button } from "#client/components/ui/button.tsx";
import { useDownload } from "#client/lib/download.ts";

/** Only the path is kept: the typed client needs an absolute base to build a URL. */
const urls = hc<AppType>("http://app.invalid");

/** Where the owner's download of one piece is (same-origin path, built by the typed client). */
export function pieceDownloadHref(id: string, format: "md" | "txt"): string {
  const url = urls.api.submissions[":id"].download.$url({ param: { id }, query: { format } });
  return `${url.pathname}${url.search}`;
}

/** The owner's "Download as Markdown" / "Download as text" in the piece's actions (issue 15 item 1). */
export function PieceDownloads({ pieceId }: { pieceId: string }) {
  const { state, start } = useDownload();
  const preparing = state.status === "preparing";
  return (
    <>
      <Button variant="text" disabled={preparing} onClick={() => void start(pieceDownloadHref(pieceId, "md"), "piece.md")}>
        Download as Markdown
      </Button>
      <Button variant="text" disabled={preparing} onClick={() => void start(pieceDownloadHref(pieceId, "txt"), "piece.txt")}>
        Download as text
      </Button>
      {state.status === "error" && (
        <span role="alert" className="basis-full text-sm text-danger">
          {state.message}
        </span>
      )}
    </>
  );
}
