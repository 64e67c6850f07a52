import { useId, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { ADMIN_NOTICE_MS } from "#shared/constants.ts";
import { formatLongDate } from "#shared/domain/format.ts";
import { ADMIN_MESSAGES } from "#shared/schemas/admin.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { ApiError, errorMessage } from "#client/lib/api-client.ts";
import { useTodayPrompt } from "../api/get-today-prompt.ts";
import { useUpdateTodayPrompt } from "../api/update-today-prompt.ts";
import { applyPromptFormat, type PromptFormat } from "../lib/format-prompt.ts";
import { useTimedNotice } from "../lib/use-timed-notice.ts";
import { NoticeBanner } from "./notice-banner.tsx";

const TOOLS: { format: PromptFormat; label: string; title: string; className: string }[] = [
  { format: "italic", label: "Italic", title: "Italic: *text*", className: "italic" },
  { format: "large", label: "LARGE", title: "Large: **LARGE:text**", className: "font-bold" },
  { format: "small", label: "small", title: "Small: ~~small:text~~", className: "text-xs" },
  { format: "author", label: "Author line", title: "Author line: *Prompt by Author Name*", className: "" },
];

/** Today's prompt (the admin's own date): toolbar, 8-row textarea, live preview, update. */
export function TodayPromptEditor() {
  const query = useTodayPrompt();
  if (query.isPending) return <LoadingState label="Loading today's prompt..." />;
  if (query.isError)
    return (
      <ErrorState
        message={`Could not load today's prompt: ${errorMessage(query.error)}`}
        onRetry={() => void query.refetch()}
      />
    );
  return <Editor key={query.data.date} date={query.data.date} initialText={query.data.prompt?.text ?? ""} author={query.data.prompt?.author ?? null} />;
}

function Editor({ date, initialText, author }: { date: string; initialText: string; author: string | null }) {
  const [text, setText] = useState(initialText);
  const [touched, setTouched] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const mutation = useUpdateTodayPrompt();
  const { notice, show } = useTimedNotice(ADMIN_NOTICE_MS);
  const ids = { field: useId(), hint: useId(), preview: useId(), toolbar: useId() };
  const blank = !text.trim();

  const format = (f: PromptFormat) => {
    const el = textareaRef.current;
    if (!el) return;
    const edit = applyPromptFormat(text, el.selectionStart, el.selectionEnd, f);
    // The new text is committed before this handler returns and the selection set at once: a key
    // pressed right after the click types over the selection, never at the end of the text.
    flushSync(() => {
      setText(edit.text);
      setTouched(true);
    });
    el.focus();
    el.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    if (blank) {
      setTouched(true);
      show(ADMIN_MESSAGES.promptRequired, "error");
      return;
    }
    mutation.mutate(text, {
      onSuccess: (result) => {
        setText(result.prompt.text);
        show("Prompt updated successfully!", "success");
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status > 0) show(`Failed to update prompt: ${err.message || "Unknown error"}`, "error");
        else show(`Unexpected error: ${errorMessage(err, "Unknown error")}`, "error");
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${ids.field}-heading`} className="rounded-xl border border-line bg-card p-5 sm:p-6">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${ids.field}-heading`} className="font-serif text-2xl">
          Today's Prompt
        </h2>
        <p className="text-sm text-muted">
          <time dateTime={date}>{formatLongDate(date)}</time>
        </p>
      </div>

      <div role="toolbar" aria-label="Formatting" aria-controls={ids.field} className="mb-2 flex flex-wrap gap-1">
        {TOOLS.map((tool) => (
          <button
            key={tool.format}
            type="button"
            title={tool.title}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => format(tool.format)}
            className={`inline-flex min-h-11 items-center rounded-md border border-line bg-paper px-3 text-sm text-ink hover:border-accent ${tool.className}`}
          >
            {tool.label}
          </button>
        ))}
      </div>

      <label htmlFor={ids.field} className="sr-only">
        Prompt text
      </label>
      <textarea
        id={ids.field}
        ref={textareaRef}
        rows={8}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTouched(true);
        }}
        aria-describedby={ids.hint}
        aria-invalid={touched && blank ? true : undefined}
        placeholder="Write today's prompt..."
        className="w-full resize-y rounded-md border border-line bg-paper p-3 font-serif text-lg leading-relaxed text-ink placeholder:text-muted focus:border-accent"
      />
      <p id={ids.hint} className={`mt-1 text-xs ${touched && blank ? "text-danger" : "text-muted"}`}>
        {touched && blank ? ADMIN_MESSAGES.promptRequired : "Select words, then choose a format. Writers see the prompt as the preview shows it."}
      </p>

      <section aria-labelledby={ids.preview} className="mt-5">
        <h3 id={ids.preview} className="text-xs font-semibold uppercase tracking-wider text-muted">
          Preview
        </h3>
        <div className="mt-2 min-h-16 rounded-md border border-dashed border-line p-4">
          {blank ? (
            <p className="text-sm italic text-muted">Nothing to preview yet.</p>
          ) : (
            <>
              <Markup text={text} mode="prompt" className="font-serif text-xl leading-relaxed [overflow-wrap:anywhere]" />
              {author && <p className="mt-2 font-serif italic text-muted">Prompt by {author}</p>}
            </>
          )}
        </div>
      </section>

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={blank || mutation.isPending}>
          {mutation.isPending ? "Updating..." : "Update Today's Prompt"}
        </Button>
      </div>
      <NoticeBanner notice={notice} className="mt-4" />
    </form>
  );
}
