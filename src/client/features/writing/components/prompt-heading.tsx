import type { WritingPage } from "#shared/domain/writing-session.ts";
import { authorLine } from "#shared/domain/markup.ts";
import { Markup } from "#client/components/ui/markup.tsx";
import type { Prompt } from "#shared/schemas/writing.ts";

/** The top of a writing page: today's prompt and its author on /write, the invitation on /freewrite. */
export function PromptHeading({ page, loading, today }: { page: WritingPage; loading: boolean; today: { prompt: Pick<Prompt, "text" | "author"> } | undefined }) {
  return (
    <section aria-labelledby="writing-heading" className="mb-8">
      <h1 id="writing-heading" className="mb-3 font-sans text-xs font-medium uppercase tracking-[0.2em] text-muted">
        {page === "write" ? "Today's prompt" : "Freewrite"}
      </h1>
      {page === "write" ? (
        loading ? (
          <p role="status" className="font-serif text-xl italic text-muted animate-ink-pulse">
            Loading prompt...
          </p>
        ) : (
          <>
            <Markup text={today?.prompt.text ?? ""} mode="prompt" className="font-serif text-xl leading-relaxed text-ink" />
            {today?.prompt.author && <Markup text={authorLine(today.prompt.author)} mode="prompt" className="mt-3 font-serif text-base text-muted" />}
          </>
        )
      ) : (
        <p className="font-serif text-xl leading-relaxed text-ink">No prompt, no rules. Write whatever wants to be written.</p>
      )}
    </section>
  );
}
