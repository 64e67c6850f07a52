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

/** Every character a marker or a break starts with (LARGE_OPEN, SMALL_OPEN, `*`, a newline). */
const MARKUP_CHAR = /[\n*~]/g;
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
    // Up to the next character that can start markup, in one step (not one character at a time).
    MARKUP_CHAR.lastIndex = i + 1;
    const next = MARKUP_CHAR.exec(s)?.index ?? s.length;
    text += s.slice(i, next);
    i = next;
  }
  flush();
  return nodes;
}

const plain = (nodes: MarkupNode[]): string =>
  nodes
    .map((n) => {
      if (n.type === "text") return n.text;
      if (n.type === "break") return "\n";
      return plain(n.children);
    })
    .join("");

/**
 * The text a reader sees, markers removed: for descriptions, previews and images. A prompt is
 * only ever shown flattened (labels, cards, lists, names), so it comes out on one line: promptLine.
 */
export function markupToPlainText(input: string, mode: MarkupMode = "piece"): string {
  return mode === "prompt" ? promptLine(input) : plain(parseMarkup(input, mode));
}

/** A heading that ends a thought itself ("Doors?") needs no dash after it. */
const ENDS_A_THOUGHT = /[.!?:;…—–-]$/u;
/** A size marker written against a word ("sleep.~~small:ten~~") still reads as two words. */
const glued = (before: string, after: string) => /[\p{L}\p{N}.!?:;,…]$/u.test(before) && /^[\p{L}\p{N}]/u.test(after);
const isSized = (n: MarkupNode) => n.type === "large" || n.type === "small";

/**
 * A prompt on one line (spec §3 markup, flattened for labels, cards and lists): a **LARGE**
 * heading on a line of its own is kept apart from what follows by an em dash ("The first page —
 * Write about a door…"); other line breaks become spaces; LARGE and small words inside a line
 * read as words of that line.
 */
export function promptLine(input: string): string {
  const lines: MarkupNode[][] = [[]];
  for (const n of parseMarkup(input, "prompt")) {
    if (n.type === "break") lines.push([]);
    else lines.at(-1)!.push(n);
  }
  let out = "";
  let afterHeading = false;
  for (const line of lines) {
    let words = "";
    line.forEach((n, i) => {
      const next = plain([n]);
      words += (isSized(n) || (i > 0 && isSized(line[i - 1]!))) && glued(words, next) ? ` ${next}` : next;
    });
    words = words.replace(/\s+/g, " ").trim();
    if (!words) continue;
    if (out) out += afterHeading ? " — " : " ";
    out += words;
    const content = line.filter((n) => n.type !== "text" || n.text.trim());
    afterHeading = content.length === 1 && content[0]!.type === "large" && !ENDS_A_THOUGHT.test(words);
  }
  return out;
}

/** Punctuation a cut leaves at its end: "opened.…" reads as "opened…". */
const TRAILING_PUNCTUATION = /[\s.,;:!?…—–-]+$/u;

/**
 * Cuts plain text at a word boundary to at most `max` characters, adding "…" when cut; the
 * punctuation the cut left at its end goes, so a cut never reads ".…" or ",…".
 */
export function truncateText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  // A cut that falls just after a word keeps it; otherwise back to the last whole word.
  const space = flat[max - 1] === " " ? cut.length : cut.lastIndexOf(" ");
  const words = (space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd();
  return `${words.replace(TRAILING_PUNCTUATION, "") || words}…`;
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
