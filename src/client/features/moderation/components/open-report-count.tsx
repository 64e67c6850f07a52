import { useOpenReportCount } from "../api/get-report-queue.ts";

/** "3 open" beside the reports link (admins only; live through "reports:changed"). */
export function OpenReportCount({ className = "" }: { className?: string }) {
  const { data } = useOpenReportCount();
  if (!data) return null;
  return (
    <span className={`ml-2 inline-flex min-w-6 items-center justify-center rounded-full px-2 text-xs font-semibold border ${data.open > 0 ? "border-danger/50 text-danger" : "border-line text-muted"} ${className}`}>
      {data.open}
      <span className="sr-only"> open {data.open === 1 ? "report" : "reports"}</span>
    </span>
  );
}
