import { useEffect, useRef, type ReactNode } from "react";
import { paths } from "#client/config/paths.ts";
import { WRITING_MESSAGES } from "#shared/domain/writing-session.ts";
import { Button, LinkButton } from "#client/components/ui/button.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { useConfig } from "#client/lib/get-config.ts";

const LINK_SHOWN_MS = 8000;

/** After a save or publish (spec §2): the thanks, the way on, and for a published piece its link. */
export function SuccessView({ kind, pieceId, onWriteAgain, children }: { kind: "saved" | "published"; pieceId: string | null; onWriteAgain: () => void; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { data: config } = useConfig();
  const toast = useToast();
  useEffect(() => heading.current?.focus(), []);

  const share = async () => {
    if (!pieceId) return;
    const url = `${config?.appUrl ?? window.location.origin}${paths.submission.href(pieceId)}`;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(WRITING_MESSAGES.linkCopied);
    } catch {
      toast.error(`Could not copy the link. Here it is: ${url}`, LINK_SHOWN_MS);
    }
  };

  return (
    <section className="flex min-h-[60dvh] flex-col items-center justify-center text-center animate-ink-fade" aria-labelledby="writing-success">
      <h1 id="writing-success" ref={heading} tabIndex={-1} className="max-w-lg text-balance font-serif text-3xl leading-snug outline-none sm:text-4xl">
        {kind === "published" ? WRITING_MESSAGES.publishSuccess : WRITING_MESSAGES.saveSuccess}
      </h1>
      {kind === "published" && (
        <Button variant="secondary" className="mt-8" onClick={() => void share()}>
          share your work
        </Button>
      )}
      <nav aria-label="Where next" className="mt-8 flex flex-wrap items-center justify-center gap-2">
        <LinkButton to={paths.community.href()} variant="text">
          community
        </LinkButton>
        <LinkButton to={paths.profile.href()} variant="text">
          your portfolio
        </LinkButton>
        <Button variant="text" onClick={onWriteAgain}>
          write again
        </Button>
      </nav>
      {children}
    </section>
  );
}
