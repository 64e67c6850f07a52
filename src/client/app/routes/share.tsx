import { Navigate, useParams } from "react-router";
import { isValidShareTokenFormat } from "#shared/domain/share-token.ts";
import { PORTFOLIO_MESSAGES } from "#shared/schemas/portfolio.ts";
import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { LinkButton } from "#client/components/ui/button.tsx";
import { LoadingState } from "#client/components/ui/states.tsx";
import { useShareTarget } from "#client/features/share/api/get-share-target.ts";
import { ApiError } from "#client/lib/api-client.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";

function ShareLinkError({ message }: { message: string }) {
  return (
    <div role="alert" className="mx-auto max-w-md py-16 text-center">
      <h1 className="font-serif text-3xl">Share Link Error</h1>
      <p className="mt-3 text-muted">{message}</p>
      <div className="mt-8 flex justify-center">
        <LinkButton to={paths.home.href()} variant="primary">
          Back to Home
        </LinkButton>
      </div>
    </div>
  );
}

/** /share/{token}: checks the link, then opens /submission/{id}?share={token}. */
export function Component() {
  useDocumentTitle("Shared writing", "A piece of writing shared with you.");
  const { token = "" } = useParams();
  const wellFormed = isValidShareTokenFormat(token);
  const target = useShareTarget(token, wellFormed);

  let content;
  if (!wellFormed) content = <ShareLinkError message={PORTFOLIO_MESSAGES.shareInvalidFormat} />;
  else if (target.isError) {
    const err = target.error;
    const message =
      err instanceof ApiError && err.status === 404
        ? PORTFOLIO_MESSAGES.shareInvalidOrExpired
        : err instanceof ApiError && err.status === 422
          ? PORTFOLIO_MESSAGES.shareInvalidFormat
          : PORTFOLIO_MESSAGES.shareLoadFailed;
    content = <ShareLinkError message={message} />;
  } else if (target.data) return <Navigate to={paths.submission.href(target.data.submissionId, token)} replace />;
  else content = <LoadingState label="Loading Shared Content" />;
  return <Page>{content}</Page>;
}
