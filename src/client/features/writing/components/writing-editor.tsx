import { useLayoutEffect, useRef, type KeyboardEvent } from "react";
import { toggleWrap } from "#shared/domain/editor.ts";

/**
 * The title and the text of a piece. Ctrl/Cmd+I and Ctrl/Cmd+B wrap the selection in *italic*
 * or **bold** markup (and unwrap it on repeat), keeping the selection where the shortcut left it.
 * `focusText`: the text takes the focus when the editor appears (back from the thanks after a piece).
 */
export function WritingEditor({
  title,
  onTitle,
  content,
  onContent,
  describedBy,
  focusText,
}: {
  title: string;
  onTitle: (v: string) => void;
  content: string;
  onContent: (v: string) => void;
  describedBy: string | undefined;
  focusText: boolean;
}) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);

  useLayoutEffect(() => {
    const sel = pendingSelection.current;
    if (sel && textarea.current) {
      textarea.current.setSelectionRange(sel[0], sel[1]);
      pendingSelection.current = null;
    }
  }, [content]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const key = e.key.toLowerCase();
    if (key !== "i" && key !== "b") return;
    e.preventDefault();
    const el = e.currentTarget;
    const next = toggleWrap({ value: el.value, selectionStart: el.selectionStart, selectionEnd: el.selectionEnd }, key === "b" ? "**" : "*");
    pendingSelection.current = [next.selectionStart, next.selectionEnd];
    onContent(next.value);
  };

  return (
    <>
      <label htmlFor="writing-title" className="sr-only">
        Title
      </label>
      <input
        id="writing-title"
        value={title}
        onChange={(e) => onTitle(e.target.value)}
        placeholder="Title (optional)"
        maxLength={200}
        autoComplete="off"
        className="w-full border-b border-transparent bg-transparent pb-2 font-serif text-2xl text-ink placeholder:text-muted/70 focus:border-line focus:outline-none focus-visible:border-accent"
      />
      <label htmlFor="writing-text" className="sr-only">
        Your writing
      </label>
      <textarea
        id="writing-text"
        ref={textarea}
        autoFocus={focusText}
        value={content}
        onChange={(e) => onContent(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Start writing here..."
        spellCheck
        aria-describedby={describedBy}
        className="mt-4 min-h-[50dvh] w-full resize-none bg-transparent font-serif text-lg leading-8 text-ink [field-sizing:content] placeholder:text-muted/70 focus:outline-none sm:text-xl sm:leading-9"
      />
    </>
  );
}
