import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PieceView } from "#shared/schemas/portfolio.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

export const pieceQueryKey = (id: string, share?: string | null) => ["piece", id, share ?? null] as const;

/** fetchSubmissionById(id, share?): 404 for anything this reader may not see. */
export const getPiece = async (id: string, share?: string | null, signal?: AbortSignal): Promise<PieceView> => {
  const query: { share?: string } = {};
  if (share) query.share = share;
  return (await unwrap(api.api.submissions[":id"].$get({ param: { id }, query }, { init: { signal } }))).submission;
};

export const getPieceQueryOptions = (id: string, share?: string | null) =>
  queryOptions({ queryKey: pieceQueryKey(id, share), queryFn: ({ signal }) => getPiece(id, share, signal) });

export const usePiece = (id: string, share?: string | null, opts: { enabled?: boolean } = {}) =>
  useQuery({ ...getPieceQueryOptions(id, share), enabled: opts.enabled ?? true });
