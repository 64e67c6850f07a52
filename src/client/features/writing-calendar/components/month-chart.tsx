import { Bar, BarChart, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { SHORT_MONTHS } from "#shared/domain/format.ts";

/*
 * Pieces per month as bars (recharts, loaded lazily). The picture is hidden from screen readers
 * and has no focus stops: the table beside it (MonthTable) says the same.
 */
export default function MonthChart({ piecesPerMonth }: { piecesPerMonth: number[] }) {
  const data = piecesPerMonth.map((pieces, i) => ({ month: SHORT_MONTHS[i], pieces }));
  return (
    <div aria-hidden="true" className="h-48 w-full text-muted">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
          <XAxis dataKey="month" tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" interval={0} tickLine={false} />
          <YAxis allowDecimals={false} tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" tickLine={false} />
          <Bar dataKey="pieces" fill="currentColor" className="text-accent" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
