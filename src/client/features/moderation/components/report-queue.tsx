import { useState } from "react";
import { formatDateTime } from "#shared/domain/format.ts";
import { REPORT_REASON_LABELS } from "#shared/domain/moderation.ts";
import type { QueueItem } from "#shared/schemas/moderation.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Markup } from "#client/components/ui/markup.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useModerateItem, type QueueAction } from "../api/moderate-item.ts";
import { useModerationLive, useReportQueue, type QueueView } from "../api/get-report-queue.ts";
import { useSuspensionActions } from "../api/suspension.ts";
import { ConfirmDialog, ReasonDialog, SuspendDialog } from "./moderation-dialogs.tsx";
import { TRASH_DAYS } from "#shared/domain/trash.ts";

const DONE: Record<QueueAction, string> = { hide: "Hidden", restore: "Restored", dismiss: "Reports dismissed", delete: "Deleted" };

type Asking = "hide" | "delete" | "suspend" | null;

/** One reported item: what was written, by whom (as admins may see it), why it was reported, and the actions. */
function QueueCard({ item }: { item: QueueItem }) {
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const moderate = useModerateItem();
  const { suspend } = useSuspensionActions(item.author.id);
  const toast = useToast();
  const what = item.itemKind === "piece" ? "piece" : "comment";
  const heading = item.itemKind === "piece" ? item.title || "Untitled piece" : `Comment on ${item.title || "an untitled piece"}`;

  const run = (action: QueueAction, reason?: string) => {
    setError(null);
    moderate.mutate(
      { action, kind: item.itemKind, id: item.itemId, reason },
      {
        onSuccess: () => {
          toast.success(DONE[action]);
          setAsking(null);
        },
        onError: (err) => (asking ? setError(errorMessage(err)) : toast.error(errorMessage(err))),
      },
    );
  };
  const close = () => {
    setAsking(null);
    setError(null);
  };

  return (
    <li className="rounded-xl border border-line bg-card p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-serif text-xl [overflow-wrap:anywhere]">{heading}</h2>
        {item.count > 0 && (
          <p className="text-sm font-medium text-danger">
            {item.count} {item.count === 1 ? "report" : "reports"}
          </p>
        )}
      </div>
      <p className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">
        Signed “{item.authorLabel}” · written by <span className="text-ink">{item.author.name}</span> ({item.author.email})
      </p>
      {item.hidden && (
        <p className="mt-2 text-sm text-danger">
          Hidden {formatDateTime(item.hidden.at)}: {item.hidden.reason}
        </p>
      )}
      <Markup text={item.text} className="mt-3 max-h-64 overflow-auto border-l-2 border-line pl-4 font-serif leading-relaxed [overflow-wrap:anywhere]" />
      <ul className="mt-4 flex flex-col gap-2 text-sm" aria-label="Reports">
        {item.reports.map((r) => (
          <li key={r.id} className="[overflow-wrap:anywhere]">
            <span className="font-medium">{REPORT_REASON_LABELS[r.reason]}</span>
            <span className="text-muted"> · {formatDateTime(r.createdAt)}</span>
            {r.note && <span className="block text-muted">“{r.note}”</span>}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        {item.hidden ? (
          <Button onClick={() => run("restore")} disabled={moderate.isPending}>
            Restore<span className="sr-only"> {what}</span>
          </Button>
        ) : (
          <Button variant="danger" onClick={() => setAsking("hide")} disabled={moderate.isPending}>
            Hide<span className="sr-only"> {what}</span>
          </Button>
        )}
        {item.count > 0 && (
          <Button onClick={() => run("dismiss")} disabled={moderate.isPending}>
            Dismiss<span className="sr-only"> reports</span>
          </Button>
        )}
        <Button variant="text" className="hover:text-danger" onClick={() => setAsking("delete")} disabled={moderate.isPending}>
          Delete<span className="sr-only"> {what}</span>
        </Button>
        <Button variant="text" onClick={() => setAsking("suspend")}>
          Suspend writer
        </Button>
      </div>
      {asking === "hide" && (
        <ReasonDialog open title={`Hide this ${what}`} intro="Only its writer and admins will still see it." confirmLabel="Hide" busy={moderate.isPending} error={error} onConfirm={(reason) => run("hide", reason)} onClose={close} />
      )}
      {asking === "delete" && (
        <ConfirmDialog open title={`Delete this ${what}?`} confirmLabel="Delete" busy={moderate.isPending} error={error} onConfirm={() => run("delete")} onClose={close}>
          {what === "piece"
            ? `It goes to its writer's Trash for ${TRASH_DAYS} days (their restore brings it back private). Its reports are closed.`
            : "It is gone for good, for its writer too. Its reports are closed."}
        </ConfirmDialog>
      )}
      {asking === "suspend" && (
        <SuspendDialog
          open
          name={item.author.name}
          busy={suspend.isPending}
          error={error}
          onClose={close}
          onConfirm={(input) =>
            suspend.mutate(
              { id: item.author.id, ...input },
              { onSuccess: () => (toast.success("Suspended"), close()), onError: (err) => setError(errorMessage(err)) },
            )
          }
        />
      )}
    </li>
  );
}

const VIEWS: { view: QueueView; label: string }[] = [
  { view: "open", label: "Open reports" },
  { view: "hidden", label: "Hidden" },
];

/** /admin/reports: items with open reports, the newest report first; or what is hidden now, to restore. */
export function ReportQueue() {
  const [view, setView] = useState<QueueView>("open");
  useModerationLive();
  return (
    <>
      <div role="group" aria-label="Show" className="mb-6 flex gap-2">
        {VIEWS.map((v) => (
          <Button key={v.view} variant={view === v.view ? "primary" : "secondary"} aria-pressed={view === v.view} onClick={() => setView(v.view)}>
            {v.label}
          </Button>
        ))}
      </div>
      <QueueList view={view} />
    </>
  );
}

function QueueList({ view }: { view: QueueView }) {
  const queue = useReportQueue(view);
  if (queue.isPending) return <LoadingState label="Loading reports..." />;
  if (queue.isError) return <ErrorState message={errorMessage(queue.error)} onRetry={() => void queue.refetch()} />;
  const items = queue.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return view === "open" ? (
      <EmptyState title="No open reports">When a writer reports a piece or a comment, it shows here.</EmptyState>
    ) : (
      <EmptyState title="Nothing is hidden">Hidden pieces and comments show here, to restore.</EmptyState>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-4">
        {items.map((item) => (
          <QueueCard key={`${item.itemKind}:${item.itemId}`} item={item} />
        ))}
      </ul>
      {queue.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button onClick={() => void queue.fetchNextPage()} disabled={queue.isFetchingNextPage}>
            {queue.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      )}
    </>
  );
}
