import { useMySuspension } from "../api/get-my-suspension.ts";

/**
 * What a suspended writer reads on /write and /community (issue 13): "Your account can't publish
 * until {date}: {reason}". Nothing while not suspended, loading or unreadable (the server still
 * refuses, with the same words).
 */
export function SuspensionNotice({ className = "" }: { className?: string }) {
  const { data } = useMySuspension();
  if (!data?.suspension) return null;
  return (
    <p role="status" className={`rounded-md border border-danger/40 bg-card px-4 py-3 text-sm text-danger ${className}`}>
      {data.suspension.message} You can still save privately and read.
    </p>
  );
}
