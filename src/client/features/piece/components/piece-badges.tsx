import type { ReactNode } from "react";

const tone = {
  plain: "border-line text-muted",
  accent: "border-accent/40 bg-accent-soft text-ink",
  danger: "border-danger/50 text-danger",
} as const;

/** A small quiet label: "Published", "Private", "Portfolio Version", "Edited". */
export function PieceBadge({ children, variant = "plain" }: { children: ReactNode; variant?: keyof typeof tone }) {
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 font-sans text-xs font-medium ${tone[variant]}`}>{children}</span>;
}
