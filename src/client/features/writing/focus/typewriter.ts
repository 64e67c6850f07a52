/**
 * Typewriter scrolling: the page scrolls so the line with the caret sits mid-screen. The caret's
 * height in the text is measured on an invisible copy of the textarea (same width, font and
 * wrapping) holding the text up to the caret.
 */
const COPIED = ["fontFamily", "fontSize", "fontWeight", "lineHeight", "letterSpacing", "paddingTop", "paddingLeft", "paddingRight", "borderTopWidth", "whiteSpace", "wordWrap", "tabSize"] as const;

export function caretOffsetTop(el: HTMLTextAreaElement): number {
  const mirror = document.createElement("div");
  const style = getComputedStyle(el);
  for (const p of COPIED) mirror.style[p] = style[p];
  Object.assign(mirror.style, { position: "absolute", visibility: "hidden", top: "0", left: "-9999px", width: `${el.clientWidth}px`, whiteSpace: "pre-wrap", overflowWrap: "break-word" });
  mirror.textContent = el.value.slice(0, el.selectionEnd);
  const marker = document.createElement("span");
  marker.textContent = "\u200b";
  mirror.appendChild(marker);
  document.body.appendChild(mirror);
  const top = marker.offsetTop;
  mirror.remove();
  return top;
}

/** Scrolls the window so the caret's line is in the middle of the screen. */
export function centreCaret(el: HTMLTextAreaElement): void {
  const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 0;
  const caretY = el.getBoundingClientRect().top + window.scrollY + caretOffsetTop(el) - el.scrollTop + lineHeight / 2;
  window.scrollTo({ top: Math.max(0, caretY - window.innerHeight / 2) });
}
