import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "#client/config/paths.ts";

/** The heading of an admin screen, with the way back to the dashboard. */
export function AdminHeader({ title, subtitle, back = true, children }: { title: string; subtitle?: ReactNode; back?: boolean; children?: ReactNode }) {
  return (
    <header className="mb-8">
      {back && (
        <Link to={paths.admin.href()} className="inline-flex min-h-11 items-center text-sm text-muted underline-offset-4 hover:text-accent hover:underline">
          ← Dashboard
        </Link>
      )}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-muted">Admin</p>
          <h1 className="font-serif text-3xl sm:text-4xl">{title}</h1>
          {subtitle && <div className="mt-2 text-muted">{subtitle}</div>}
        </div>
        {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
      </div>
    </header>
  );
}
