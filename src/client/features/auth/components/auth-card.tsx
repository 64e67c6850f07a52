import type { ReactNode } from "react";

export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 pb-16 pt-6 sm:pt-12">
      <h1 className="font-serif text-3xl sm:text-4xl">{title}</h1>
      {subtitle && <p className="mt-2 text-muted">{subtitle}</p>}
      <div className="mt-8 rounded-xl border border-line bg-card p-5 sm:p-7">{children}</div>
      {footer && <div className="mt-6 flex flex-col items-center gap-2 text-sm">{footer}</div>}
    </div>
  );
}
