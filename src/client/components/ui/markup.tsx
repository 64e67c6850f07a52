import { Fragment, type ReactNode } from "react";
import { parseMarkup, type MarkupMode, type MarkupNode } from "#shared/domain/markup.ts";

function render(nodes: MarkupNode[], keyPrefix: string): ReactNode[] {
  return nodes.map((n, i) => {
    const key = `${keyPrefix}${i}`;
    switch (n.type) {
      case "text":
        return <Fragment key={key}>{n.text}</Fragment>;
      case "break":
        return <br key={key} />;
      case "strong":
        return <strong key={key}>{render(n.children, `${key}.`)}</strong>;
      case "em":
        return <em key={key}>{render(n.children, `${key}.`)}</em>;
      case "large":
        return (
          <strong key={key} className="text-[24px] leading-snug">
            {render(n.children, `${key}.`)}
          </strong>
        );
      case "small":
        return (
          <span key={key} className="text-[12px] text-muted">
            {render(n.children, `${key}.`)}
          </span>
        );
    }
  });
}

/**
 * User text as React elements: every character is escaped by React; only the markup the
 * shared parser recognises (bold, italic, line breaks; in prompts LARGE and small) is styled.
 */
export function Markup({ text, mode = "piece", className }: { text: string; mode?: MarkupMode; className?: string }) {
  return <div className={className}>{render(parseMarkup(text, mode), "m")}</div>;
}
