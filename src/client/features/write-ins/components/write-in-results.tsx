import { useId } from "react";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useWriteInResults } from "../api/get-write-in.ts";
import { anonymousLabel, resultsLine, wordsLabel, youWroteLabel } from "../lib/write-in-words.ts";

/** Once it has started: who showed up and the words written, each named writer's words ("you" marked), read again until final. */
export function WriteInResults({ id }: { id: string }) {
  const results = useWriteInResults(id, true);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id={headingId} className="font-serif text-2xl">
          Results
        </h2>
        {results.data && <span className="text-sm text-muted">{results.data.final ? "Final" : "Still counting"}</span>}
      </div>
      {results.isPending ? (
        <LoadingState label="Counting the words..." />
      ) : results.isError ? (
        <ErrorState message={errorMessage(results.error)} onRetry={() => void results.refetch()} />
      ) : (
        <div className="mt-3 flex flex-col gap-3">
          <p className="text-lg">{resultsLine(results.data.joined, results.data.totalWords)}</p>
          {results.data.you && <p className="font-medium">{youWroteLabel(results.data.you.words)}</p>}
          {results.data.named.length > 0 && (
            <ol aria-label="Writers" className="divide-y divide-line rounded-xl border border-line bg-card">
              {results.data.named.map((r, i) => (
                <li key={`${r.label}-${i}`} className="flex items-center justify-between gap-3 px-4 py-2">
                  <span className={r.you ? "font-medium" : ""}>
                    {r.label}
                    {r.you && <span className="text-muted"> (you)</span>}
                  </span>
                  <span className="text-sm text-muted">{wordsLabel(r.words)}</span>
                </li>
              ))}
            </ol>
          )}
          {results.data.anonymous > 0 && <p className="text-muted">{anonymousLabel(results.data.anonymous)}</p>}
        </div>
      )}
    </section>
  );
}
