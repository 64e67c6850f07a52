import { describe, expect, it } from "vitest";
import { pieceName } from "#shared/domain/piece-name.ts";
import { pieceImageTree } from "./piece-image.ts";

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | Node[] | string } };

/** The text of the element drawn in Literata 600: the title. */
function drawnTitle(node: Node): string | undefined {
  const { style, children } = node.props;
  if (style?.fontFamily === "Literata" && style.fontWeight === 600 && typeof children === "string") return children;
  for (const child of Array.isArray(children) ? children : children && typeof children === "object" ? [children] : []) {
    const found = drawnTitle(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

const draw = (title: string) => drawnTitle(pieceImageTree({ title, authorLabel: "Olive Owner", wordCount: 12, kind: "Writing", siteName: "inkwell" }) as Node);

describe("the preview image's title (issue 11 item 5)", () => {
  it("draws an untitled piece's prompt on one line, cut at a word without punctuation before the ellipsis", () => {
    const prompt = { kind: "daily" as const, text: "**LARGE:The first page**\nWrite about a door you have never opened. Where is it, and what do you imagine waits on the other side?" };
    expect(draw(pieceName(null, prompt))).toBe("The first page — Write about a door you have never opened. Where is it, and what do you imagine…");
    // "here." ends exactly where the cut falls: the full stop goes, the word stays.
    const cutAtAStop = draw(`${"Word ".repeat(17)}abc ends here. And then more words follow on and on`);
    expect(cutAtAStop).toMatch(/here…$/);
  });

  it('draws "Untitled" when there is nothing to draw', () => {
    expect(draw("")).toBe("Untitled");
    expect(draw("🌊🌊")).toBe("Untitled");
  });
});
