import { Fragment, type ReactNode } from "react";
import { parseMarkup, type MarkupNode } from "#shared/domain/markup.ts";

function render(nodes: MarkupNode[], prefix: string): ReactNode[] {
  return nodes.map((n, i) => {
    const key = `${prefix}${i}`;
    switch (n.type) {
      case "text":
        return <Fragment key={key}>{n.text}</Fragment>;
      case "break":
        return <br key={key} />;
      case "strong":
      case "large":
        return <strong key={key}>{render(n.children, `${key}.`)}</strong>;
      case "em":
        return <em key={key}>{render(n.children, `${key}.`)}</em>;
      case "small":
        return <small key={key}>{render(n.children, `${key}.`)}</small>;
    }
  });
}

/**
 * A piece's markup in an email (and an EPUB): React elements from the shared parser, so every
 * character of the writer's text is escaped by React; only bold, italic and line breaks are styled.
 */
export function MailMarkup({ text }: { text: string }) {
  return <>{render(parseMarkup(text, "piece"), "m")}</>;
}
