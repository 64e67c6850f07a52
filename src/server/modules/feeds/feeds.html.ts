import { Fragment, jsx } from "hono/jsx";
import { parseMarkup, type MarkupMode, type MarkupNode } from "#shared/domain/markup.ts";
import { contentWarningText } from "#shared/schemas/piece-controls.ts";

/*
 * A piece as the HTML inside a feed entry: the site's markup (shared/domain/markup.ts) rendered
 * the way the client's <Markup> renders it, through Hono's JSX, which escapes every string it is
 * given. User text is only ever a child string: it becomes text, never a tag, so `<script>`,
 * `&` and `]]>` come back as `&lt;script&gt;`, `&amp;` and `]]&gt;` (the last keeps the CDATA
 * section the feed library wraps it in closed where it should be).
 */

type Node = ReturnType<typeof jsx>;

/**
 * Characters XML 1.0 cannot carry at all, not even as references: C0 controls other than tab,
 * newline and carriage return, U+FFFE/U+FFFF and lone surrogates. One of them in a piece
 * would make the whole feed ill-formed, so they are dropped.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(s: string): string {
  return s.replace(NOT_XML, "");
}

function render(nodes: MarkupNode[]): (Node | string)[] {
  return nodes.map((n) => {
    switch (n.type) {
      case "text":
        return xmlText(n.text);
      case "break":
        return jsx("br", {});
      case "strong":
      case "large":
        return jsx("strong", {}, ...render(n.children));
      case "em":
        return jsx("em", {}, ...render(n.children));
      case "small":
        return jsx("small", {}, ...render(n.children));
    }
  });
}

/** The node as HTML: synchronous, as it holds no async component. */
function toHtml(node: Node): string {
  const out = node.toString();
  if (typeof out !== "string") throw new Error("a feed entry rendered asynchronously");
  return out;
}

const markup = (text: string, mode: MarkupMode) => render(parseMarkup(text, mode));

/** Text as escaped HTML (an Atom `type="html"` title). */
export function escapedText(text: string): string {
  return toHtml(jsx(Fragment, {}, xmlText(text)));
}

export interface EntryBody {
  content: string;
  contentWarning: string | null;
  /** The daily prompt's text; null for a freewrite (its stored prompt is not words to show). */
  prompt: string | null;
}

/** The entry's HTML: the content warning first (as the piece page shows it), the prompt, the text. */
export function entryHtml(body: EntryBody): string {
  return toHtml(
    jsx(
      "div",
      {},
      body.contentWarning ? jsx("p", {}, jsx("strong", {}, xmlText(contentWarningText(body.contentWarning)))) : null,
      body.prompt ? jsx("blockquote", {}, ...markup(body.prompt, "prompt")) : null,
      jsx("div", {}, ...markup(body.content, "piece")),
    ),
  );
}
