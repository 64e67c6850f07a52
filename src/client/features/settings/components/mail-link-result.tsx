import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { MAIL_KIND_NAMES } from "#shared/schemas/notification-prefs.ts";
import { paths } from "#client/config/paths.ts";
import { Button, LinkButton } from "#client/components/ui/button.tsx";
import { ErrorState, FormMessage, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { useMailLinkAction } from "../api/notification-prefs.ts";

const NO_TOKEN = "This link is missing its code. Open your email settings to choose what you get.";

/**
 * The page an email's link opens (issue 14 item 7). An unsubscribe happens with a POST once the
 * page has loaded (a link scanner's GET changes nothing) and offers to undo. "Keep reminding me"
 * waits for the writer's click: a scanner that runs the page's script must not answer yes for them.
 */
export function MailLinkResult({ action }: { action: "unsubscribe" | "keep-reminding" }) {
  useDocumentTitle(action === "unsubscribe" ? "Unsubscribe" : "Keep reminding me");
  const token = useSearchParams()[0].get("token");
  const first = useMailLinkAction();
  const undo = useMailLinkAction();
  const started = useRef(false);
  const { mutate } = first;
  useEffect(() => {
    if (!token || started.current || action === "keep-reminding") return;
    started.current = true;
    mutate({ action, token });
  }, [action, token, mutate]);

  const settings = (
    <LinkButton to={paths.settingsNotifications.href()} variant="secondary">
      Email settings
    </LinkButton>
  );
  if (!token) return <ErrorState title="This link does not work" message={NO_TOKEN} action={settings} />;
  if (first.isError) return <ErrorState title="This link does not work" message={errorMessage(first.error)} action={settings} />;
  if (action === "keep-reminding" && first.isIdle) {
    return (
      <section aria-labelledby="mail-link-heading" className="mx-auto max-w-lg py-12 text-center">
        <h1 id="mail-link-heading" className="font-serif text-3xl">
          Keep your daily reminder?
        </h1>
        <p className="mt-4 text-lg">You have not written for a while. Say yes and the reminder keeps coming at your hour; otherwise it stops, and you can turn it back on in your settings.</p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <Button variant="primary" onClick={() => mutate({ action, token })}>
            Yes, keep reminding me
          </Button>
          {settings}
        </div>
      </section>
    );
  }
  if (!first.isSuccess) return <LoadingState label={action === "unsubscribe" ? "Unsubscribing..." : "Saving..."} />;

  const { kind } = first.data;
  const undone = undo.isSuccess;
  return (
    <section aria-labelledby="mail-link-heading" className="mx-auto max-w-lg py-12 text-center">
      <h1 id="mail-link-heading" className="font-serif text-3xl">
        {action === "keep-reminding" ? "We'll keep reminding you" : undone ? "Subscribed again" : "Unsubscribed"}
      </h1>
      <p className="mt-4 text-lg" role="status">
        {undone ? undo.data.message : action === "unsubscribe" ? `You will no longer get ${MAIL_KIND_NAMES[kind]}.` : first.data.message}
      </p>
      {undo.isError && (
        <div className="mt-4">
          <FormMessage tone="error">{errorMessage(undo.error)}</FormMessage>
        </div>
      )}
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        {action === "unsubscribe" && token && !undone && (
          <Button variant="primary" disabled={undo.isPending} onClick={() => undo.mutate({ action: "resubscribe", token })}>
            {undo.isPending ? "Undoing..." : "Undo"}
          </Button>
        )}
        {settings}
      </div>
    </section>
  );
}
