import type { Notice } from "../lib/use-timed-notice.ts";

const toneClass = {
  success: "border-success/40 text-success",
  error: "border-danger/50 text-danger",
  info: "border-line text-ink",
} as const;

/**
 * Where an admin screen's messages appear. The live regions stay mounted so screen readers hear
 * each new message; errors are announced assertively.
 */
export function NoticeBanner({ notice, className = "" }: { notice: Notice | null; className?: string }) {
  const isError = notice?.tone === "error";
  const box = (n: Notice) => (
    <p key={n.id} className={`rounded-md border bg-card px-4 py-3 text-sm animate-ink-fade ${toneClass[n.tone]}`}>
      {n.message}
    </p>
  );
  return (
    <div className={className}>
      <div role="status" aria-live="polite">
        {notice && !isError && box(notice)}
      </div>
      <div role="alert" aria-live="assertive">
        {notice && isError && box(notice)}
      </div>
    </div>
  );
}
