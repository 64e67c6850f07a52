import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { WriteInDetail, WriteInList, WriteInSummary } from "#shared/schemas/write-ins.ts";
import { writeInKeys } from "./keys.ts";

/** A write-in the server sent again (after an RSVP): its page and every list that shows it take it. */
export function patchWriteIn(qc: QueryClient, next: WriteInSummary): void {
  qc.setQueryData<WriteInDetail>(writeInKeys.detail(next.id), (old) => (old ? { ...old, writeIn: next } : old));
  qc.setQueriesData<InfiniteData<WriteInList>>({ queryKey: writeInKeys.lists }, (old) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, items: p.items.map((w) => (w.id === next.id ? next : w)) })) } : old,
  );
}
