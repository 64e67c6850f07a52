import { authorLine } from "#shared/domain/markup.ts";

/** The admin toolbar's formats (spec §3 prompt markup). */
export type PromptFormat = "italic" | "large" | "small" | "author";

export interface Edit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

const WRAP: Record<Exclude<PromptFormat, "author">, { open: string; close: string; placeholder: string }> = {
  italic: { open: "*", close: "*", placeholder: "italic text" },
  large: { open: "**LARGE:", close: "**", placeholder: "Large text" },
  small: { open: "~~small:", close: "~~", placeholder: "small text" },
};

const AUTHOR_PLACEHOLDER = "Author Name";

/**
 * Inserts the markup around the selection (or a placeholder, selected, when nothing is selected)
 * and returns the new text and what should be selected afterwards: the wrapped words.
 * The author line goes on its own line: *Prompt by {selection or Author Name}*.
 */
export function applyPromptFormat(text: string, start: number, end: number, format: PromptFormat): Edit {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  const selected = text.slice(from, to);
  const before = text.slice(0, from);
  const after = text.slice(to);

  if (format === "author") {
    const name = selected.trim() || AUTHOR_PLACEHOLDER;
    const line = authorLine(name);
    const lead = before && !before.endsWith("\n") ? "\n" : "";
    const trail = after && !after.startsWith("\n") ? "\n" : "";
    const inserted = `${lead}${line}${trail}`;
    const nameStart = before.length + lead.length + line.indexOf(name);
    return { text: before + inserted + after, selectionStart: nameStart, selectionEnd: nameStart + name.length };
  }

  const { open, close, placeholder } = WRAP[format];
  // Keep surrounding spaces of the selection outside the markers ("*word*", not "* word *").
  const inner = selected.trim() || placeholder;
  const lead = selected.trim() ? selected.slice(0, selected.length - selected.trimStart().length) : "";
  const trail = selected.trim() ? selected.slice(selected.trimEnd().length) : "";
  const wrapped = `${lead}${open}${inner}${close}${trail}`;
  const innerStart = before.length + lead.length + open.length;
  return { text: before + wrapped + after, selectionStart: innerStart, selectionEnd: innerStart + inner.length };
}
