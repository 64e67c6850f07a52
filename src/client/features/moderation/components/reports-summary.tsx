import { Link } from "react-router";
import { paths } from "#client/config/paths.ts";
import { OpenReportCount } from "./open-report-count.tsx";

/** The dashboard's way to the queue and the log, with the live count of open reports. */
export function ReportsSummary({ className = "" }: { className?: string }) {
  return (
    <nav aria-label="Moderation" className={`flex flex-wrap gap-3 ${className}`}>
      <Link to={paths.adminReports.href()} className="inline-flex min-h-11 items-center rounded-xl border border-line bg-card px-4 hover:border-accent">
        Open reports
        <OpenReportCount />
      </Link>
      <Link to={paths.adminAudit.href()} className="inline-flex min-h-11 items-center rounded-xl border border-line bg-card px-4 hover:border-accent">
        Audit log
      </Link>
    </nav>
  );
}
