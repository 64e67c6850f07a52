import { useId, type ReactNode } from "react";

/** A labelled group of radio buttons (the prompt of a circle's write-in; which weeks a cancel takes). */
export function RadioChoices<T extends string>({
  legend,
  choices,
  value,
  onChange,
  hint,
  className = "",
}: {
  legend: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange: (next: T) => void;
  hint?: ReactNode;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-col gap-1">
        {choices.map((c) => (
          <label key={c.value} className="flex min-h-11 items-center gap-3 text-base">
            <input type="radio" name={name} checked={value === c.value} onChange={() => onChange(c.value)} className="size-5 accent-[var(--accent)]" />
            {c.label}
          </label>
        ))}
      </div>
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </fieldset>
  );
}
