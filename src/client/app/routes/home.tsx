import { useEffect, useState } from "react";
import { Link } from "react-router";
import { paths } from "#client/config/paths.ts";
import { Page } from "#client/components/layout/app-shell.tsx";
import { Button, LinkButton } from "#client/components/ui/button.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { useSiteName } from "#client/lib/get-config.ts";
import { useMe } from "#client/lib/get-me.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { graceDayLine, streakLabel } from "#shared/domain/streaks.ts";

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** The tagline typed out letter by letter (shown whole under reduced motion and to screen readers). */
function TypedTagline({ text }: { text: string }) {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? text.length : 0));
  useEffect(() => {
    if (shown >= text.length) return;
    const t = window.setTimeout(() => setShown((n) => n + 1), 45);
    return () => window.clearTimeout(t);
  }, [shown, text]);
  return (
    <p className="min-h-[3.5rem] font-serif text-xl text-muted sm:text-2xl">
      <span className="sr-only">{text}</span>
      <span aria-hidden="true" className={shown < text.length ? "typed-caret" : ""}>
        {text.slice(0, shown)}
      </span>
    </p>
  );
}

function RulesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="The rules">
      <ol className="list-decimal space-y-3 pl-5 font-serif text-lg leading-relaxed">
        <li>One prompt a day. Read it, then start.</li>
        <li>Write for at least ten minutes. The timer keeps you honest; nothing else moves.</li>
        <li>Don't stop to fix things. Keep the pen moving.</li>
        <li>When the time is up, keep it in your private portfolio, or share it with the community — signed with your name, your alias, or anonymously.</li>
        <li>Be kind to other writers. Like what moves you; say why in a comment.</li>
      </ol>
      <div className="mt-6 flex justify-end">
        <LinkButton to={paths.write.href()} variant="primary">
          start writing
        </LinkButton>
      </div>
    </Dialog>
  );
}

export function Component() {
  const { data: me } = useMe();
  const siteName = useSiteName();
  const [rulesOpen, setRulesOpen] = useState(false);
  useDocumentTitle(null, `one prompt, 10 minutes a day, ${siteName}.`);

  if (me) {
    return (
      <Page className="flex min-h-[70dvh] flex-col items-center justify-center text-center">
        <h1 className="font-serif text-4xl sm:text-5xl">
          {me.name} <span className="text-muted">welcome back</span>
        </h1>
        <p className="mt-4 text-lg text-muted">Your writing streak is {streakLabel(me.currentStreak)}</p>
        {me.forgivenessDayUsed && <p className="mt-1 text-muted">{graceDayLine(me.forgivenessDayUsed)}</p>}
        <LinkButton to={paths.write.href()} variant="primary" className="mt-10 px-8 font-serif text-xl">
          {siteName}
        </LinkButton>
      </Page>
    );
  }
  return (
    <Page className="flex min-h-[70dvh] flex-col justify-center">
      <h1 className="font-serif text-4xl leading-tight sm:text-6xl">Welcome to the writing club.</h1>
      <div className="mt-6">
        <TypedTagline text={`one prompt, 10 minutes a day, ${siteName}.`} />
      </div>
      <div className="mt-10 flex flex-wrap items-center gap-4">
        <LinkButton to={paths.write.href()} variant="primary" className="px-8 text-lg lowercase">
          write
        </LinkButton>
        <Button variant="text" onClick={() => setRulesOpen(true)}>
          rules
        </Button>
      </div>
      <p className="mt-16 text-sm text-muted">
        Already writing with us? <Link to={paths.signin.href()} className="text-accent underline underline-offset-4">Sign in</Link>
      </p>
      <RulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} />
    </Page>
  );
}
