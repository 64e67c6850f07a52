import { describe, expect, it } from "vitest";
import { toggleWrap, type EditorState } from "./editor.ts";

/** "hello [world]" notation: brackets mark the selection. */
function state(marked: string): EditorState {
  const start = marked.indexOf("[");
  const end = marked.indexOf("]") - 1;
  return { value: marked.replace("[", "").replace("]", ""), selectionStart: start, selectionEnd: end };
}
function show(s: EditorState): string {
  return `${s.value.slice(0, s.selectionStart)}[${s.value.slice(s.selectionStart, s.selectionEnd)}]${s.value.slice(s.selectionEnd)}`;
}
const italic = (m: string) => show(toggleWrap(state(m), "*"));
const bold = (m: string) => show(toggleWrap(state(m), "**"));

describe("toggleWrap", () => {
  it("wraps the selection in * for italics and ** for bold, keeping it selected", () => {
    expect(italic("hello [world]")).toBe("hello *[world]*");
    expect(bold("hello [world]")).toBe("hello **[world]**");
    expect(bold("[all of it]")).toBe("**[all of it]**");
  });

  it("unwraps on repeat", () => {
    expect(italic("hello *[world]*")).toBe("hello [world]");
    expect(bold("hello **[world]**")).toBe("hello [world]");
    expect(show(toggleWrap(toggleWrap(state("a [b] c"), "**"), "**"))).toBe("a [b] c");
  });

  it("unwraps when the markers are part of the selection", () => {
    expect(italic("hello [*world*]")).toBe("hello [world]");
    expect(bold("hello [**world**]")).toBe("hello [world]");
  });

  it("tells italics from bold: * around a bold word adds italics", () => {
    expect(italic("hello **[world]**")).toBe("hello ***[world]***");
    expect(italic("hello ***[world]***")).toBe("hello **[world]**");
    expect(bold("hello ***[world]***")).toBe("hello *[world]*");
    expect(italic("hello [**world**]")).toBe("hello *[**world**]*");
  });

  it("puts the caret between new markers when nothing is selected, and removes them on repeat", () => {
    expect(italic("hello []")).toBe("hello *[]*");
    expect(italic("hello *[]*")).toBe("hello []");
    expect(bold("[]")).toBe("**[]**");
  });

  it("accepts a backwards selection", () => {
    expect(show(toggleWrap({ value: "hello world", selectionStart: 11, selectionEnd: 6 }, "*"))).toBe("hello *[world]*");
  });
});
