import type { SelectHTMLAttributes } from "react";

export interface Choice<T extends string | number> {
  value: T;
  label: string;
}

/** A native select over typed choices (keyboard and screen readers as the browser gives them). */
export function ChoiceSelect<T extends string | number>({
  choices,
  value,
  onChoose,
  className = "",
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> & { choices: readonly Choice<T>[]; value: T; onChoose: (value: T) => void }) {
  return (
    <select
      {...rest}
      value={String(value)}
      onChange={(e) => {
        const chosen = choices.find((c) => String(c.value) === e.target.value);
        if (chosen) onChoose(chosen.value);
      }}
      className={`min-h-11 rounded-md border border-line bg-paper px-3 text-base text-ink focus:border-accent ${className}`}
    >
      {choices.map((c) => (
        <option key={c.value} value={String(c.value)}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
