import { Fragment, type ReactNode } from "react";
import { parseMarkup, type MarkupNode } from "#shared/domain/markup.ts";

/** The element each styled run becomes (a prompt's LARGE reads as bold, its small as small). */
const TAGS = { strong: "strong", large: "strong", em: "em", small: "small" } as const;

function render(nodes: MarkupNode[], prefix: string): ReactNode[] {
  return nodes.map((n, i) => {
    const key = `${prefix}${i}`;
    if (n.type === "text") return <Fragment key={key}>{n.text}</Fragment>;
    if (n.type === "break") return <br key={key} />;
    const Tag = TAGS[n.type];
    return <Tag key={key}>{render(n.children, `${key}.`)}</Tag>;
  });
}

/**
 * A piece's markup in an email (and an EPUB): React elements from the shared parser, so every
 * character of the writer's text is escaped by React; only bold, italic and line breaks are styled.
 */
export function MailMarkup({ text }: { text: string }) {
  return <>{render(parseMarkup(text, "piece"), "m")}</>;
}
