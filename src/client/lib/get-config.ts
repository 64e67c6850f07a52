import { queryOptions, useQuery } from "@tanstack/react-query";
import { DEFAULT_SITE_NAME } from "#shared/constants.ts";
import type { AppConfig } from "#shared/schemas/health.ts";
import { api, unwrap } from "#client/lib/api-client.ts";

export type { AppConfig };


export const getConfig = (): Promise<AppConfig> => unwrap(api.api.config.$get());

export const getConfigQueryOptions = () => queryOptions({ queryKey: ["config"], queryFn: getConfig, staleTime: Infinity });

export const useConfig = () => useQuery(getConfigQueryOptions());

/** The product name, "inkwell" until the server says otherwise. */
export function useSiteName(): string {
  return useConfig().data?.siteName ?? DEFAULT_SITE_NAME;
}
