import { useMutation } from "@tanstack/react-query";
import type { ReportItemKind, ReportReason } from "#shared/domain/moderation.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

export interface ReportRequest {
  itemKind: ReportItemKind;
  itemId: string;
  reason: ReportReason;
  note?: string;
}

/** POST /api/reports: the answer is the thanks to show. */
export const reportItem = (input: ReportRequest) => unwrap(api.api.reports.$post({ json: input }));

export const useReportItem = () => useMutation({ mutationFn: reportItem });
