import { isValidShareTokenFormat } from "#shared/domain/share-token.ts";
import { PORTFOLIO_MESSAGES } from "#shared/domain/portfolio.ts";
import { paths } from "#client/config/paths.ts";
import { LinkButton } from "#client/components/ui/button.tsx";
import { ApiError } from "#client/lib/api-client.ts";

/**
 * What a share link that opens nothing says (spec §2 Share link): a malformed token "Invalid share
 * link format"; one the server does not know or that expired "This share link is invalid or has
 * expired"; anything else "Failed to load shared content".
 */
export function shareErrorMessage(token: string, err: unknown): string {
  if (!isValidShareTokenFormat(token)) return PORTFOLIO_MESSAGES.shareInvalidFormat;
  if (err instanceof ApiError && err.status === 404) return PORTFOLIO_MESSAGES.shareInvalidOrExpired;
  if (err instanceof ApiError && err.status === 422) return PORTFOLIO_MESSAGES.shareInvalidFormat;
  return PORTFOLIO_MESSAGES.shareLoadFailed;
}

/** The "Share Link Error" page of /share/{token} and of /submission/{id}?share={token}. */
export function ShareLinkError({ message }: { message: string }) {
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
