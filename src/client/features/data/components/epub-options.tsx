import { useId } from "react";
import { EPUB_SCOPE_PATTERN, type EpubExportQuery } from "#shared/schemas/export.ts";

export type EpubScopeKind = "all" | "year" | "month";
export interface EpubChoice {
  kind: EpubScopeKind;
  year: string;
  month: string;
  name: EpubExportQuery["name"];
}

/** The query the choice asks for, or null while a year or month is not filled in right. */
export function epubQuery(choice: EpubChoice): EpubExportQuery | null {
  // The server's own rule: a year (1000–9999) of four digits, a month as YYYY-MM.
  if (choice.kind === "year") return /^\d{4}$/.test(choice.year) && EPUB_SCOPE_PATTERN.test(choice.year) ? { scope: choice.year, name: choice.name } : null;
  if (choice.kind === "month") return /^\d{4}-\d{2}$/.test(choice.month) && EPUB_SCOPE_PATTERN.test(choice.month) ? { scope: choice.month, name: choice.name } : null;
  return { scope: "all", name: choice.name };
}

const radio = "h-4 w-4 accent-accent";
const field = "min-h-11 rounded-md border border-line bg-paper px-3 text-ink focus:border-accent";

/** What the book holds (everything, a year, a month) and whose name is on its title page. */
export function EpubOptions({ choice, alias, onChange }: { choice: EpubChoice; alias: string | null; onChange: (next: EpubChoice) => void }) {
  const id = useId();
  const set = (patch: Partial<EpubChoice>) => onChange({ ...choice, ...patch });
  return (
    <div className="mt-3 flex flex-col gap-4 text-sm">
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium text-ink">What to include</legend>
        {(["all", "year", "month"] as const).map((kind) => (
          <label key={kind} className="flex min-h-11 flex-wrap items-center gap-2">
            <input type="radio" name={`${id}-scope`} className={radio} checked={choice.kind === kind} onChange={() => set({ kind })} />
            {kind === "all" ? "Everything" : kind === "year" ? "A year" : "A month"}
          </label>
        ))}
        {choice.kind === "year" && (
          <label className="flex flex-col gap-1">
            Year
            <input className={`${field} w-32`} inputMode="numeric" pattern="[1-9]\d{3}" value={choice.year} onChange={(e) => set({ year: e.target.value.trim() })} />
          </label>
        )}
        {choice.kind === "month" && (
          <label className="flex flex-col gap-1">
            Month
            <input className={`${field} w-48`} type="month" value={choice.month} onChange={(e) => set({ month: e.target.value })} />
          </label>
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium text-ink">Name on the title page</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name={`${id}-name`} className={radio} checked={choice.name === "name"} onChange={() => set({ name: "name" })} />
          Your name
        </label>
        {alias && (
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name={`${id}-name`} className={radio} checked={choice.name === "alias"} onChange={() => set({ name: "alias" })} />
            Your alias ({alias})
          </label>
        )}
      </fieldset>
    </div>
  );
}
