import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { DeleteAccountInput, DeletionPreview } from "#shared/schemas/account-deletion.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

export const deletionPreviewKey = ["account-deletion-preview"] as const;

export const getDeletionPreview = (): Promise<DeletionPreview> => unwrap(api.api.me.account["deletion-preview"].$get());

// Always counted afresh: the page is opened to decide.
export const getDeletionPreviewQueryOptions = () => queryOptions({ queryKey: deletionPreviewKey, queryFn: getDeletionPreview, staleTime: 0 });

/** What deleting the account would touch: pieces, comments, likes, and whether the writer is the only admin. */
export const useDeletionPreview = () => useQuery(getDeletionPreviewQueryOptions());

export const deleteAccount = (json: DeleteAccountInput) => unwrap(api.api.me.account.delete.$post({ json }));

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
