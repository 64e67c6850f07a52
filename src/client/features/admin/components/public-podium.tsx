import { Link } from "react-router";
import { formatLongDate } from "#shared/domain/format.ts";
import { markupToPlainText, truncateText } from "#shared/domain/markup.ts";
import { namedByPrompt, pieceName } from "#shared/domain/piece-name.ts";
import type { PublicPodiumPick } from "#shared/schemas/admin.ts";
import { paths } from "#client/config/paths.ts";
import { LinkButton } from "#client/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { usePodium } from "../api/get-podium.ts";

const PROMPT_PREVIEW_CHARS = 140;

/** /podium: the current Editors' Picks for everyone, newest first. */
export function PublicPodium() {
  const query = usePodium();
  return (
    <>
      <header className="mb-10">
        <h1 className="font-serif text-4xl sm:text-5xl">Editors' Picks</h1>
        <p className="mt-3 text-lg text-muted">Pieces from the community that stayed with our editors, newest first.</p>
      </header>
      {query.isPending ? (
        <LoadingState label="Loading Editors' Picks..." />
      ) : query.isError ? (
        <ErrorState
          message="The Editors' Picks could not be loaded. Please try again."
          onRetry={() => void query.refetch()}
        />
      ) : query.data.picks.length === 0 ? (
        <EmptyState
          title="No Editors' Picks yet"
          action={
            <LinkButton to={paths.community.href()} variant="text">
              read the community
            </LinkButton>
          }
        >
          Our editors haven't picked any pieces yet. In the meantime, see what writers are sharing.
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-10">
          {query.data.picks.map((pick) => (
            <li key={pick.id}>
              <PodiumCard pick={pick} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function PodiumCard({ pick }: { pick: PublicPodiumPick }) {
  const title = pieceName(pick.title, pick.prompt, { promptMax: PROMPT_PREVIEW_CHARS });
  const prompt = pick.prompt.kind === "freewrite" ? "Freewrite" : truncateText(markupToPlainText(pick.prompt.text, "prompt"), PROMPT_PREVIEW_CHARS);
  return (
    <article className="min-w-0 border-b border-line pb-10">
      {/* An untitled piece goes by its prompt: the prompt is then its name, not said twice. */}
      {!namedByPrompt(pick.title, pick.prompt) && (
        <p className="mb-2 text-sm text-muted [overflow-wrap:anywhere]">
          <span className="sr-only">Prompt: </span>
          {prompt}
        </p>
      )}
      <h2 className="font-serif text-2xl leading-snug [overflow-wrap:anywhere] sm:text-3xl">
        <Link to={paths.submission.href(pick.id)} className="hover:text-accent">
          {title}
        </Link>
      </h2>
      <p className="mt-2 text-sm text-muted [overflow-wrap:anywhere]">
        by <span className="text-ink">{pick.authorLabel}</span>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        picked <time dateTime={pick.featuredAt}>{formatLongDate(pick.featuredAt)}</time>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        {pick.wordCount} words
      </p>
      <p className="mt-4 whitespace-pre-line font-serif text-lg leading-relaxed [overflow-wrap:anywhere]">{pick.excerpt}</p>
      <Link to={paths.submission.href(pick.id)} className="mt-4 inline-flex min-h-11 items-center text-accent underline underline-offset-4 hover:opacity-80">
        Read the piece<span className="sr-only">: {title}</span>
      </Link>
    </article>
  );
}
