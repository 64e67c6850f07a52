import { useId } from "react";
import { useSearchParams } from "react-router";
import { formatDateTime } from "#shared/domain/format.ts";
import { isUuid } from "#shared/domain/ids.ts";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from "#shared/domain/moderation.ts";
import type { AuditEntry } from "#shared/schemas/moderation.ts";
import { Button } from "#client/components/ui/button.tsx";
import { EmptyState, ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useAudit, type AuditFilters } from "../api/get-audit.ts";
import { RestoreFromTrashButton } from "./restore-from-trash-button.tsx";

const isAction = (v: string | null): v is AuditAction => AUDIT_ACTIONS.some((a) => a === v);

/** The filters in the URL (?admin=&writer=&action=), checked: anything else is no filter. */
function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const admin = params.get("admin");
  const writer = params.get("writer");
  const action = params.get("action");
  const filters: AuditFilters = {};
  if (admin && isUuid(admin)) filters.adminId = admin;
  if (writer && isUuid(writer)) filters.writerId = writer;
  if (isAction(action)) filters.action = action;
  const set = (key: "admin" | "writer" | "action", value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  return { filters, set };
}

const nameOf = (p: AuditEntry["admin"]) => (p?.name ? p.name : "(deleted account)");

function Entry({ entry, onAdmin, onWriter }: { entry: AuditEntry; onAdmin: () => void; onWriter: () => void }) {
  return (
    <li className="border-t border-line py-3 first:border-t-0 [overflow-wrap:anywhere]">
      <p className="text-sm">
        <button type="button" onClick={onAdmin} className="font-medium text-ink underline-offset-4 hover:text-accent hover:underline">
          {nameOf(entry.admin)}
        </button>{" "}
        <span className="font-medium">{AUDIT_ACTION_LABELS[entry.action]}</span>
        {entry.itemKind && <span className="text-muted"> a {entry.itemKind}</span>}
        {entry.writer && (
          <>
            {" "}
            <span className="text-muted">by</span>{" "}
            <button type="button" onClick={onWriter} className="text-ink underline-offset-4 hover:text-accent hover:underline">
              {nameOf(entry.writer)}
            </button>
          </>
        )}
      </p>
      <p className="mt-0.5 text-xs text-muted">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        {entry.itemId && <> · {entry.itemKind} {entry.itemId}</>}
      </p>
      {entry.reason && <p className="mt-1 text-sm text-muted">“{entry.reason}”</p>}
      {entry.action === "delete" && entry.itemKind === "piece" && entry.itemId && <RestoreFromTrashButton pieceId={entry.itemId} />}
    </li>
  );
}

/** /admin/audit: every moderation action and featuring, newest first, filtered by admin, writer and action. */
export function AuditLog() {
  const { filters, set } = useAuditFilters();
  const log = useAudit(filters);
  const actionId = useId();
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const named = (id: string | undefined, pick: (e: AuditEntry) => AuditEntry["admin"]) => entries.map(pick).find((p) => p?.id === id)?.name;

  return (
    <>
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={actionId} className="text-sm font-medium">
            Action
          </label>
          <select
            id={actionId}
            value={filters.action ?? ""}
            onChange={(e) => set("action", e.target.value || null)}
            className="min-h-11 rounded-md border border-line bg-paper px-3 text-ink"
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </div>
        {filters.adminId && (
          <Button onClick={() => set("admin", null)}>
            Admin: {named(filters.adminId, (e) => e.admin) ?? "chosen"} ×<span className="sr-only"> clear the admin filter</span>
          </Button>
        )}
        {filters.writerId && (
          <Button onClick={() => set("writer", null)}>
            Writer: {named(filters.writerId, (e) => e.writer) ?? "chosen"} ×<span className="sr-only"> clear the writer filter</span>
          </Button>
        )}
      </div>
      <p className="mb-4 text-sm text-muted">Choose an admin's or a writer's name to see only their lines.</p>
      {log.isPending ? (
        <LoadingState label="Loading the log..." />
      ) : log.isError ? (
        <ErrorState message={errorMessage(log.error)} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="Nothing on the record">No moderation action or featuring matches.</EmptyState>
      ) : (
        <ul className="rounded-xl border border-line bg-card px-4">
          {entries.map((e) => (
            <Entry key={e.id} entry={e} onAdmin={() => set("admin", e.admin?.id ?? null)} onWriter={() => set("writer", e.writer?.id ?? null)} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      )}
    </>
  );
}
