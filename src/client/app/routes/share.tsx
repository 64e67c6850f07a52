import { Navigate, useParams } from "react-router";
import { isValidShareTokenFormat } from "#shared/domain/share-token.ts";
import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { LoadingState } from "#client/components/ui/states.tsx";
import { ShareLinkError, shareErrorMessage } from "#client/features/piece/components/share-link-error.tsx";
import { useShareTarget } from "#client/features/share/api/get-share-target.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

/** /share/{token}: checks the link, then opens /submission/{id}?share={token}. */
export function Component() {
  useDocumentTitle("Shared writing", "A piece of writing shared with you.");
  const { token = "" } = useParams();
  const wellFormed = isValidShareTokenFormat(token);
  const target = useShareTarget(token, wellFormed);

  let content;
  if (!wellFormed || target.isError) content = <ShareLinkError message={shareErrorMessage(token, target.error)} />;
  else if (target.data) return <Navigate to={paths.submission.href(target.data.submissionId, token)} replace />;
  else content = <LoadingState label="Loading Shared Content" />;
  return <Page>{content}</Page>;
}
