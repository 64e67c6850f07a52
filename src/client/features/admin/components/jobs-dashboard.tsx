import { formatDateTime } from "#shared/domain/format.ts";
import { JOB_QUEUE_LABELS, type JobFailure, type JobQueueStatus } from "#shared/schemas/jobs.ts";
import { Button } from "#client/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useJobs, useRetryJob } from "../api/jobs.ts";

const label = (name: string) => JOB_QUEUE_LABELS[name] ?? name;
const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <span className="text-muted">never</span>);

function QueueRow({ q }: { q: JobQueueStatus }) {
  return (
    <tr className="border-t border-line align-top">
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {label(q.name)}
        <span className="block text-xs font-normal text-muted">{q.name}</span>
      </th>
      <td className="py-2 pr-3 tabular-nums">{q.waiting}</td>
      <td className="py-2 pr-3 tabular-nums">{q.running}</td>
      <td className="py-2 pr-3 tabular-nums">{q.retrying}</td>
      <td className={`py-2 pr-3 tabular-nums ${q.failed > 0 ? "font-semibold text-danger" : ""}`}>{q.failed}</td>
      <td className="py-2 pr-3 text-sm">{when(q.lastCompletedAt)}</td>
      <td className="py-2 text-sm">{q.nextRunAt ? when(q.nextRunAt) : <span className="text-muted">when needed</span>}</td>
    </tr>
  );
}

function Failure({ f }: { f: JobFailure }) {
  const retry = useRetryJob();
  return (
    <li className="border-t border-line py-3 first:border-t-0 [overflow-wrap:anywhere]">
      <p className="text-sm">
        <span className="font-medium">{label(f.name)}</span> <span className="text-muted">failed after {f.attempts} attempts</span> ·{" "}
        <time dateTime={f.failedAt}>{formatDateTime(f.failedAt)}</time>
      </p>
      <p className="mt-1 text-sm text-muted">{f.error}</p>
      <div className="mt-2 flex items-center gap-3">
        <Button onClick={() => retry.mutate({ name: f.name, id: f.id })} disabled={retry.isPending || retry.isSuccess}>
          {retry.isSuccess ? "Queued again" : "Retry"}
        </Button>
        {retry.isError && <p role="alert" className="text-sm text-danger">{errorMessage(retry.error)}</p>}
      </div>
    </li>
  );
}

/** /admin/jobs: each queue's waiting, running, retrying and failed jobs, its last and next run, and recent failures. */
export function JobsDashboard() {
  const jobs = useJobs();
  if (jobs.isPending) return <LoadingState label="Loading the job queue..." />;
  if (jobs.isError) return <ErrorState message={errorMessage(jobs.error)} onRetry={() => void jobs.refetch()} />;
  const { queues, failures } = jobs.data;
  return (
    <>
      {/* Wider than a phone: it scrolls sideways, and takes focus so a keyboard can scroll it. */}
      <div tabIndex={0} role="region" aria-label="Job queues" className="overflow-x-auto rounded-xl border border-line bg-card px-4 focus-visible:outline-2 focus-visible:outline-accent">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Job queues</caption>
          <thead>
            <tr className="text-left text-xs uppercase tracking-wider text-muted">
              <th scope="col" className="py-2 pr-3">Queue</th>
              <th scope="col" className="py-2 pr-3">Waiting</th>
              <th scope="col" className="py-2 pr-3">Running</th>
              <th scope="col" className="py-2 pr-3">Retrying</th>
              <th scope="col" className="py-2 pr-3">Failed</th>
              <th scope="col" className="py-2 pr-3">Last finished</th>
              <th scope="col" className="py-2">Next run</th>
            </tr>
          </thead>
          <tbody>
            {queues.map((q) => (
              <QueueRow key={q.name} q={q} />
            ))}
          </tbody>
        </table>
      </div>
      <h2 className="mb-3 mt-8 font-serif text-xl">Recent failures</h2>
      {failures.length === 0 ? (
        <EmptyState title="No failures">Every job that ran lately finished. Emails that an SMTP server refuses are retried with growing pauses before they show here.</EmptyState>
      ) : (
        <ul className="rounded-xl border border-line bg-card px-4">
          {failures.map((f) => (
            <Failure key={f.id} f={f} />
          ))}
        </ul>
      )}
    </>
  );
}
