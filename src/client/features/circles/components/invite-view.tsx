import { Link, useNavigate } from "react-router";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { formatDateAtTime } from "#shared/domain/format.ts";
import { paths } from "#client/config/paths.ts";
import { Button, LinkButton } from "#client/components/ui/button.tsx";
import { ErrorState, FormMessage, LoadingState } from "#client/components/ui/states.tsx";
import { ApiError, errorMessage } from "#client/lib/api-client.ts";
import { useAcceptInvite, useInvitePreview } from "../api/invite.ts";
import { membersLabel } from "../lib/circle-rules.ts";
import { ACCENT_STYLES } from "./accent.tsx";

/** A link that no longer (or never did) open a circle: the server's words say which. */
const isDeadLink = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 410);

/**
 * /join/:code: the circle an invite link opens (its name, description and size), and Join; a
 * visitor is asked to sign in or create an account first, and comes back here after.
 */
export function InviteView({ code, signedIn }: { code: string; signedIn: boolean }) {
  const preview = useInvitePreview(code);
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const here = paths.circleInvite.href(code);

  if (preview.isPending) return <LoadingState label="Opening the invite..." />;
  if (preview.isError) {
    if (isDeadLink(preview.error)) {
      return (
        <ErrorState
          title="This invite can't be used"
          message={errorMessage(preview.error)}
          action={<LinkButton to={signedIn ? paths.circles.href() : paths.home.href()}>{signedIn ? "Your circles" : "Back to home"}</LinkButton>}
        />
      );
    }
    return <ErrorState message={errorMessage(preview.error)} onRetry={() => void preview.refetch()} />;
  }

  const { circle, expiresAt, memberSlug } = preview.data;
  const join = () => accept.mutate(code, { onSuccess: ({ circle: joined }) => joined && void navigate(paths.circle.href(joined.slug)) });
  const signInNeeded = !signedIn || (accept.error instanceof ApiError && accept.error.status === 401);

  return (
    <article className={`rounded-xl border border-line border-t-4 bg-card p-6 ${ACCENT_STYLES[circle.accent].bar}`}>
      <p className="text-sm font-medium uppercase tracking-wider text-muted">You are invited to a circle</p>
      <h1 className="mt-2 font-serif text-4xl tracking-tight [overflow-wrap:anywhere]">{circle.name}</h1>
      {circle.description && <p className="mt-3 font-serif text-lg text-muted [overflow-wrap:anywhere]">{circle.description}</p>}
      <p className="mt-3 text-sm text-muted">
        {membersLabel(circle.memberCount)} · This link works until {formatDateAtTime(expiresAt)}
      </p>
      <div className="mt-6 flex flex-col gap-4">
        {!memberSlug && <p className="rounded-lg border border-line bg-paper px-4 py-3 text-sm text-muted">{CIRCLE_MESSAGES.progressNotice}</p>}
        {memberSlug ? (
          <>
            <p>{CIRCLE_MESSAGES.alreadyMember}.</p>
            <div>
              <LinkButton to={paths.circle.href(memberSlug)} variant="primary">
                Open the circle
              </LinkButton>
            </div>
          </>
        ) : signInNeeded ? (
          <>
            <p>{CIRCLE_MESSAGES.loginToJoin}</p>
            <div className="flex flex-wrap gap-2">
              <LinkButton to={paths.register.href(here)} variant="primary">
                Create an account
              </LinkButton>
              <LinkButton to={paths.signin.href(here)}>Sign in</LinkButton>
            </div>
          </>
        ) : (
          <>
            {accept.isError && <FormMessage tone="error">{errorMessage(accept.error)}</FormMessage>}
            {accept.data?.pending ? (
              // The button it replaces had the focus: the answer takes it, so it is read and the focus is not lost.
              <p role="status" tabIndex={-1} ref={(el) => el?.focus()} className="rounded-lg border border-accent/40 bg-accent-soft px-4 py-3 font-medium outline-none">
                {CIRCLE_MESSAGES.requestSent}
              </p>
            ) : (
              <div className="flex flex-col items-start gap-3">
                {circle.requiresApproval && <p>This circle's moderators approve each new member: ask, and you are in once one of them accepts.</p>}
                <Button variant="primary" onClick={join} disabled={accept.isPending}>
                  {circle.requiresApproval ? (accept.isPending ? "Asking..." : "Ask to join") : accept.isPending ? "Joining..." : "Join circle"}
                </Button>
              </div>
            )}
            <p className="text-sm text-muted">
              Members read what is shared with the circle, and see each other's names. <Link to={paths.circles.href()} className="text-accent underline underline-offset-4">Your circles</Link>
            </p>
          </>
        )}
      </div>
    </article>
  );
}
