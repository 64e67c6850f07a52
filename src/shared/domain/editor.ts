/**
 * The writing page's shortcuts (spec §2): Ctrl/Cmd+I wraps the selection in `*`, Ctrl/Cmd+B in
 * `**`; pressing the same shortcut again removes the wrapping. Pure: text and selection in,
 * text and selection out.
 */
export type WrapMarker = "*" | "**";

export interface EditorState {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/** True when `text` at `at` holds exactly `marker` (a single `*` must not be half of `**`). */
function hasMarker(text: string, at: number, marker: WrapMarker, side: "before" | "after"): boolean {
  if (!text.startsWith(marker, at)) return false;
  if (marker === "**") return true;
  // A lone `*` for italics: the neighbour away from the selection must not be another `*`
  // (that would be bold), unless it is a full `***` bold-italic run.
  const outside = side === "before" ? text[at - 1] : text[at + 1];
  if (outside !== "*") return true;
  const run = side === "before" ? text.slice(Math.max(0, at - 2), at + 1) : text.slice(at, at + 3);
  return run === "***";
}

export function toggleWrap(state: EditorState, marker: WrapMarker): EditorState {
  const { value } = state;
  const start = Math.min(state.selectionStart, state.selectionEnd);
  const end = Math.max(state.selectionStart, state.selectionEnd);
  const n = marker.length;
  const selected = value.slice(start, end);

  // The selection includes the markers: **word** selected whole.
  if (selected.length >= 2 * n && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(n, selected.length - n);
    // "*" around "**bold**" is bold, not italics: only unwrap a real single-star pair.
    const isPair = marker === "**" || !inner.startsWith("*") || inner.startsWith("**");
    if (isPair) {
      return { value: value.slice(0, start) + inner + value.slice(end), selectionStart: start, selectionEnd: start + inner.length };
    }
  }

  // The markers sit just outside the selection: unwrap.
  if (start >= n && hasMarker(value, start - n, marker, "before") && hasMarker(value, end, marker, "after")) {
    return {
      value: value.slice(0, start - n) + selected + value.slice(end + n),
      selectionStart: start - n,
      selectionEnd: end - n,
    };
  }

  // Wrap; with nothing selected the caret lands between the markers.
  return {
    value: value.slice(0, start) + marker + selected + marker + value.slice(end),
    selectionStart: start + n,
    selectionEnd: end + n,
  };
}
