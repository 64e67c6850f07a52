import { Button } from "#client/components/ui/button.tsx";
import { apiPath, apiUrls } from "#client/lib/api-client.ts";
import { useDownload } from "#client/lib/download.ts";

/** Where the owner's download of one piece is (same-origin path, built by the typed client). */
export function pieceDownloadHref(id: string, format: "md" | "txt"): string {
  return apiPath(apiUrls.api.submissions[":id"].download.$url({ param: { id }, query: { format } }));
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
