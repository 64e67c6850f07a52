import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CollectionResponse } from "#shared/schemas/collections.ts";
import { api, apiPath, apiUrls, unwrap } from "#client/lib/api-client.ts";

export const getCollection = (month: string): Promise<CollectionResponse> => unwrap(api.api.collections[":month"].$get({ param: { month } }));

export const getCollectionQueryOptions = (month: string) => queryOptions({ queryKey: ["collections", month], queryFn: () => getCollection(month) });

/** A month of the signed-in writer's own pieces (`enabled` false: not asked). */
export const useCollection = (month: string, enabled: boolean) => useQuery({ ...getCollectionQueryOptions(month), enabled });

/** Where a download of the month's collection is (same-origin path, built by the typed client). */
export function collectionDownloadHref(month: string, format: "md" | "epub"): string {
  return apiPath(apiUrls.api.collections[":month"].download.$url({ param: { month }, query: { format } }));
}
