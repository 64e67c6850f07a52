import { formatPages } from "#shared/domain/words.ts";
import { shortDay } from "#shared/domain/months.ts";
import type { CollectionResponse } from "#shared/schemas/collections.ts";
import { paths } from "#client/config/paths.ts";
import { LinkButton, buttonClass } from "#client/components/ui/button.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { EmptyState } from "#client/components/ui/states.tsx";
import { collectionDownloadHref } from "../api/get-collection.ts";

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : `${one}s`}`;

/** The month's pieces, whole, one after another in one readable column (issue 14 item 4). */
export function CollectionView({ collection }: { collection: CollectionResponse }) {
  const { month, label, pieces } = collection;
  if (!pieces.length) {
    return (
      <EmptyState title={`Nothing written in ${label}`} action={<LinkButton to={paths.write.href()} variant="primary" className="lowercase">write</LinkButton>}>
        Your collection gathers the pieces of a month. Today&apos;s prompt is waiting.
      </EmptyState>
    );
  }
  return (
    <article aria-labelledby="collection-title" className="mx-auto max-w-[65ch]">
      <header className="border-b border-line pb-6">
        <p className="text-sm uppercase tracking-wide text-muted">Your collection</p>
        <h1 id="collection-title" className="mt-1 font-serif text-3xl leading-tight sm:text-4xl">
          {label}
        </h1>
        <p className="mt-3 text-sm text-muted">
          {plural(pieces.length + collection.more, "piece")} · {plural(collection.wordCount, "word")} · {formatPages(collection.pages)} pages
        </p>
        {collection.more > 0 && <p className="mt-2 text-sm text-muted">The first {pieces.length} are shown here and in the downloads.</p>}
        <div className="mt-4 flex flex-wrap gap-2">
          <a href={collectionDownloadHref(month, "md")} download className={buttonClass("secondary")}>
            download Markdown
          </a>
          <a href={collectionDownloadHref(month, "epub")} download className={buttonClass("secondary")}>
            download EPUB
          </a>
        </div>
      </header>
      {pieces.map((p) => (
        <section key={p.id} aria-labelledby={`piece-${p.id}`} className="border-b border-line py-10 last:border-b-0">
          <h2 id={`piece-${p.id}`} className="font-serif text-2xl leading-tight [overflow-wrap:anywhere]">
            {p.name}
          </h2>
          <p className="mt-2 text-sm text-muted">
            <time dateTime={p.date}>{shortDay(p.date)}</time> · {plural(p.wordCount, "word")}
            {p.isPrivate ? " · private" : ""}
          </p>
          {p.prompt && <p className="mt-3 border-l-2 border-line pl-4 text-sm text-muted">{p.prompt}</p>}
          <Markup text={p.content} className="mt-6 font-serif text-lg leading-relaxed [overflow-wrap:anywhere]" />
        </section>
      ))}
    </article>
  );
}
