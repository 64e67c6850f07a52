import { SHORT_MONTHS } from "#shared/domain/format.ts";

/** Pieces per month as a table: what the bar chart shows, for screen readers and anyone who prefers numbers. */
export function MonthTable({ year, piecesPerMonth }: { year: number; piecesPerMonth: number[] }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-muted underline underline-offset-4">Pieces per month as a table</summary>
      <table className="mt-2 w-full max-w-xs text-left">
        <caption className="sr-only">{`Pieces per month in ${year}`}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 font-medium">Month</th>
            <th scope="col" className="py-1 text-right font-medium">Pieces</th>
          </tr>
        </thead>
        <tbody>
          {piecesPerMonth.map((n, i) => (
            <tr key={SHORT_MONTHS[i]} className="border-t border-line">
              <th scope="row" className="py-1 font-normal">{SHORT_MONTHS[i]}</th>
              <td className="py-1 text-right tabular-nums">{n}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
