import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { IMPORT_MESSAGES } from "#shared/schemas/import.ts";
import { Button } from "#client/components/ui/button.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { paths } from "#client/config/paths.ts";
import { errorMessage } from "#client/lib/api-client.ts";
import { useImportArchive } from "../api/import-archive.ts";
import { IMPORT_ACCEPT, importFilesProblem } from "../lib/import-files.ts";
import { IMPORT_MAX_UPLOAD_BYTES } from "#shared/constants.ts";

/**
 * Settings › Import (issue 15 item 2): a Markdown archive (ours, or any zip of .md/.txt files) or
 * loose .md/.txt files into the writer's portfolio. The rule is said before anything is chosen;
 * the report ("42 imported, 3 skipped as duplicates, 1 unreadable: …") is shown when it is done.
 */
export function ImportArchive() {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importing = useImportArchive();

  function submit(e: FormEvent) {
    e.preventDefault();
    const files = Array.from(input.current?.files ?? []);
    const refused = importFilesProblem(files);
    setProblem(refused);
    if (refused) return;
    importing.mutate(files, {
      onSuccess: () => {
        if (input.current) input.current.value = "";
      },
    });
  }

  const error = problem ?? (importing.isError ? errorMessage(importing.error) : null);
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="font-serif text-2xl">
        Import your writing
      </h2>
      <p className="mt-2 text-muted">{IMPORT_MESSAGES.rule}</p>
      <form onSubmit={submit} className="mt-5 flex flex-col gap-4 rounded-lg border border-line bg-card p-4" aria-busy={importing.isPending}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-ink">
            Archive or files
          </label>
          <input
            id={inputId}
            ref={input}
            type="file"
            name="files"
            multiple
            accept={IMPORT_ACCEPT}
            aria-describedby={hintId}
            onChange={() => setProblem(null)}
            className="min-h-11 w-full max-w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-md file:border file:border-line file:bg-paper file:px-3 file:text-ink"
          />
          <p id={hintId} className="text-xs text-muted">
            One .zip archive (like the one Export makes), or one or more .md or .txt files. Up to {IMPORT_MAX_UPLOAD_BYTES / (1024 * 1024)} MB.
          </p>
        </div>
        <div>
          <Button type="submit" variant="primary" disabled={importing.isPending}>
            {importing.isPending ? "Importing..." : "Import"}
          </Button>
        </div>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        {importing.isSuccess && !problem && (
          <div role="status" className="rounded-md border border-success/40 bg-paper px-3 py-2 text-sm text-ink">
            <p className="[overflow-wrap:anywhere]">{importing.data.report}</p>
            {importing.data.imported > 0 && (
              <p className="mt-1">
                <Link to={paths.profile.href()} className="underline underline-offset-4">
                  See them in your portfolio
                </Link>
              </p>
            )}
          </div>
        )}
      </form>
    </section>
  );
}
