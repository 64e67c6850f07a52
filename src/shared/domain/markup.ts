/**
 * The only markup inkwell renders. Parsing yields a tree of plain data; the client turns it into
 * React elements, so user text is escaped by construction and never becomes HTML.
 *
 * Pieces and comments: **bold**, *italic*, line breaks.
 * Prompts additionally: **LARGE:text** (24 px bold) and ~~small:text~~ (12 px grey).
 * Unclosed or empty markers stay literal text.
 */
export type MarkupNode =
  | { type: "text"; text: string }
  | { type: "break" }
  | { type: "strong"; children: MarkupNode[] }
  | { type: "em"; children: MarkupNode[] }
  | { type: "large"; children: MarkupNode[] }
  | { type: "small"; children: MarkupNode[] };

export type MarkupMode = "piece" | "prompt";

type Inline = "strong" | "em" | "large" | "small";

const LARGE_OPEN = "**LARGE:";
const SMALL_OPEN = "~~small:";

export function parseMarkup(input: string, mode: MarkupMode = "piece"): MarkupNode[] {
  const allowed = new Set<Inline>(mode === "prompt" ? ["strong", "em", "large", "small"] : ["strong", "em"]);
  return parseInline(input.replace(/\r\n?/g, "\n"), allowed);
}

function without(set: Set<Inline>, ...kinds: Inline[]): Set<Inline> {
  const next = new Set(set);
  for (const k of kinds) next.delete(k);
  return next;
}

/** Finds the closing single `*` of an emphasis opened at `from - 1`, stepping over `**pairs**`. */
function findEmClose(s: string, from: number): number {
  let j = from;
  while (j < s.length) {
    if (s[j] === "\n") return -1;
    if (s.startsWith("**", j)) {
      const close = s.indexOf("**", j + 2);
      if (close > j + 2) {
        j = close + 2;
        continue;
      }
      return -1;
    }
    if (s[j] === "*") return j;
    j++;
  }
  return -1;
}

function parseInline(s: string, allowed: Set<Inline>): MarkupNode[] {
  const nodes: MarkupNode[] = [];
  let text = "";
  const flush = () => {
    if (text) nodes.push({ type: "text", text });
    text = "";
  };
  let i = 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === "\n") {
      flush();
      nodes.push({ type: "break" });
      i++;
      continue;
    }
    if (allowed.has("large") && s.startsWith(LARGE_OPEN, i)) {
      const close = s.indexOf("**", i + LARGE_OPEN.length);
      if (close > i + LARGE_OPEN.length) {
        flush();
        const inner = s.slice(i + LARGE_OPEN.length, close);
        nodes.push({ type: "large", children: parseInline(inner, without(allowed, "large", "small", "strong")) });
        i = close + 2;
        continue;
      }
    }
    if (allowed.has("small") && s.startsWith(SMALL_OPEN, i)) {
      const close = s.indexOf("~~", i + SMALL_OPEN.length);
      if (close > i + SMALL_OPEN.length) {
        flush();
        const inner = s.slice(i + SMALL_OPEN.length, close);
        nodes.push({ type: "small", children: parseInline(inner, without(allowed, "large", "small", "strong")) });
        i = close + 2;
        continue;
      }
    }
    if (allowed.has("strong") && s.startsWith("**", i)) {
      let close = s.indexOf("**", i + 2);
      // "***both***" is bold around italics: close on the last two stars of a closing run.
      if (close > -1 && s[i + 2] === "*") while (s[close + 2] === "*") close++;
      const inner = close > i + 2 ? s.slice(i + 2, close) : "";
      if (inner && !inner.includes("\n") && inner.trim() && !/^\s/.test(inner) && !/\s$/.test(inner)) {
        flush();
        nodes.push({ type: "strong", children: parseInline(inner, without(allowed, "strong", "large", "small")) });
        i = close + 2;
        continue;
      }
    }
    if (allowed.has("em") && ch === "*" && !s.startsWith("**", i)) {
      const close = findEmClose(s, i + 1);
      const inner = close > i + 1 ? s.slice(i + 1, close) : "";
      if (inner.trim() && !/^\s/.test(inner) && !/\s$/.test(inner)) {
        flush();
        nodes.push({ type: "em", children: parseInline(inner, without(allowed, "em", "large", "small")) });
        i = close + 1;
        continue;
      }
    }
    text += ch;
    i++;
  }
  flush();
  return nodes;
}

/** The text a reader sees, markers removed: for descriptions, previews and images. */
export function markupToPlainText(input: string, mode: MarkupMode = "piece"): string {
  const walk = (nodes: MarkupNode[]): string =>
    nodes
      .map((n) => {
        if (n.type === "text") return n.text;
        if (n.type === "break") return "\n";
        return walk(n.children);
      })
      .join("");
  return walk(parseMarkup(input, mode));
}

/** Cuts plain text at a word boundary to at most `max` characters, adding "…" when cut. */
export function truncateText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The author line the scheduler appends to a prompt. */
export function authorLine(author: string): string {
  return `*Prompt by ${author.trim()}*`;
}

/**
 * Cuts markup to at most `max` characters at a word boundary, for previews that still render
 * **bold** and *italic*: a marker the cut left without its partner is dropped, so no stray
 * asterisks show.
 */
export function truncateMarkup(text: string, max: number): { text: string; truncated: boolean } {
  const source = text.trim();
  if (source.length <= max) return { text: source, truncated: false };
  let cut = source.slice(0, max);
  const space = cut.search(/\s\S*$/);
  if (!/\s/.test(source.charAt(max)) && space >= max * 0.6) cut = cut.slice(0, space);
  cut = cut.trimEnd();
  // An odd number of "**" means the last one opened a run the cut closed off.
  if ((cut.split("**").length - 1) % 2 === 1) {
    const i = cut.lastIndexOf("**");
    cut = cut.slice(0, i) + cut.slice(i + 2);
  }
  // Likewise a lone "*" (not part of "**").
  const singles = [...cut.matchAll(/(?<!\*)\*(?!\*)/g)];
  if (singles.length % 2 === 1) {
    const i = singles.at(-1)!.index!;
    cut = cut.slice(0, i) + cut.slice(i + 1);
  }
  return { text: cut.trimEnd(), truncated: true };
}
