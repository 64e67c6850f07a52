import { useId, useState } from "react";
import { Markup } from "#client/components/ui/markup.tsx";

/**
 * A piece's text, collapsed to `collapsedPx` when longer than `threshold` characters, with a
 * "Read more" control (spec §9: 300 characters / 100 px on the prompts and users pages, 200 / 120
 * on the podium).
 */
export function ExpandableText({
  text,
  threshold,
  collapsedPx,
  moreLabel = "Read more",
  lessLabel = "Show less",
  className = "",
}: {
  text: string;
  threshold: number;
  collapsedPx: number;
  moreLabel?: string;
  lessLabel?: string;
  className?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > threshold;
  const collapsed = long && !expanded;
  return (
    <div className={className}>
      <div
        id={id}
        className={`relative overflow-hidden ${collapsed ? "after:pointer-events-none after:absolute after:inset-x-0 after:bottom-0 after:h-8 after:bg-linear-to-t after:from-card after:to-transparent" : ""}`}
        style={collapsed ? { maxHeight: collapsedPx } : undefined}
      >
        <Markup text={text} className="whitespace-pre-wrap font-serif leading-relaxed [overflow-wrap:anywhere]" />
      </div>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
          className="mt-1 inline-flex min-h-11 items-center text-sm text-accent underline underline-offset-4 hover:opacity-80"
        >
          {expanded ? lessLabel : moreLabel}
        </button>
      )}
    </div>
  );
}
