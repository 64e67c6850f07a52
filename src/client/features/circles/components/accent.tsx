import type { CircleAccent } from "#shared/domain/circles.ts";

/** The palette behind a circle's accent name (shared/domain/circles.ts names them; the client colours them). */
export const ACCENT_STYLES: Record<CircleAccent, { label: string; swatch: string; bar: string }> = {
  ink: { label: "Ink", swatch: "bg-stone-700 dark:bg-stone-300", bar: "border-stone-700 dark:border-stone-300" },
  rose: { label: "Rose", swatch: "bg-rose-600 dark:bg-rose-400", bar: "border-rose-600 dark:border-rose-400" },
  amber: { label: "Amber", swatch: "bg-amber-500 dark:bg-amber-400", bar: "border-amber-500 dark:border-amber-400" },
  moss: { label: "Moss", swatch: "bg-lime-700 dark:bg-lime-400", bar: "border-lime-700 dark:border-lime-400" },
  teal: { label: "Teal", swatch: "bg-teal-600 dark:bg-teal-400", bar: "border-teal-600 dark:border-teal-400" },
  violet: { label: "Violet", swatch: "bg-violet-600 dark:bg-violet-400", bar: "border-violet-600 dark:border-violet-400" },
};

/** A circle's colour as a dot: decoration, its name said in text where it matters. */
export function AccentSwatch({ accent, className = "size-4" }: { accent: CircleAccent; className?: string }) {
  return <span aria-hidden="true" className={`inline-block shrink-0 rounded-full ${ACCENT_STYLES[accent].swatch} ${className}`} />;
}
