import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { RestoreResponse, TrashPage } from "#shared/schemas/trash.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

/* The writer's trash (issue 15 item 3): the list, restore, delete forever. */

export const trashKeys = { list: ["trash"] as const };

export const getTrash = (cursor: string | null): Promise<TrashPage> => unwrap(api.api.me.trash.$get({ query: cursor ? { cursor } : {} }));

export const getTrashQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: trashKeys.list,
    queryFn: ({ pageParam }) => getTrash(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** My trashed pieces, most recently deleted first, a page at a time. */
export const useTrash = () => useInfiniteQuery(getTrashQueryOptions());

export const restorePiece = (id: string): Promise<RestoreResponse> => unwrap(api.api.me.trash[":id"].restore.$post({ param: { id } }));
export const deleteForever = async (id: string): Promise<void> => {
  await unwrap(api.api.me.trash[":id"].$delete({ param: { id } }));
};

/** After a restore or a delete forever: the trash, and every list that may now hold the piece again. */
function useAfterChange() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "config" && q.queryKey[0] !== "me" });
}

export function useRestorePiece() {
  return useMutation({ mutationFn: restorePiece, onSuccess: useAfterChange() });
}

export function useDeleteForever() {
  return useMutation({ mutationFn: deleteForever, onSuccess: useAfterChange() });
}
