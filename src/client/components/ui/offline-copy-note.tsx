import { useOfflineCopyTime } from "#client/lib/offline-copy.ts";

const formatTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "offline copy, from {time}" while any of those API paths' answers came from the service worker. */
export function OfflineCopyNote({ paths, className = "" }: { paths: readonly string[]; className?: string }) {
  const at = useOfflineCopyTime(paths);
  if (!at) return null;
  return (
    <p className={`inline-flex rounded-full border border-line bg-card px-3 py-1 text-sm text-muted ${className}`}>
      {"offline copy, from "}
      <time dateTime={at.toISOString()}>{formatTime.format(at)}</time>
    </p>
  );
}
