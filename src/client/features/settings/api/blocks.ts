import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { BlockList } from "#shared/schemas/blocks.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

/** Query keys of the settings feature. ["blocks"] is also refreshed by the community's block button. */
export const settingsKeys = { blocks: ["blocks"] as const };

export const getBlocks = (cursor: string | null): Promise<BlockList> => unwrap(api.api.blocks.$get({ query: cursor ? { cursor } : {} }));

export const getBlocksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: settingsKeys.blocks,
    queryFn: ({ pageParam }) => getBlocks(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The writers I block, newest first, by the label I saw (never who they are). */
export const useBlocks = () => useInfiniteQuery(getBlocksQueryOptions());

export const unblock = (id: string) => unwrap(api.api.blocks[":id"].$delete({ param: { id } }));

/** Unblocks; the list and every feed are read again (the writer's pieces come back). */
export function useUnblock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unblock,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: settingsKeys.blocks });
      void qc.invalidateQueries({ queryKey: ["community"] });
      void qc.invalidateQueries({ queryKey: ["podium"] });
    },
  });
}
