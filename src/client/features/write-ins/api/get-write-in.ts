import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WriteInState } from "#shared/domain/write-ins.ts";
import type { WriteInDetail, WriteInResults } from "#shared/schemas/write-ins.ts";
import { api, apiPath, apiUrls, unwrap } from "#client/lib/api-client.ts";
import { writeInKeys } from "./keys.ts";

/** While a write-in can still change state (it opens, starts, ends), its page reads it again this often. */
const UNSETTLED_REFRESH_MS = 30_000;
const settled = (state: WriteInState | undefined) => state === "ended" || state === "canceled";

/** GET /api/write-ins/:id: one write-in and the server's clock. */
export const getWriteIn = (id: string): Promise<WriteInDetail> => unwrap(api.api["write-ins"][":id"].$get({ param: { id } }));

export const getWriteInQueryOptions = (id: string) =>
  queryOptions({
    queryKey: writeInKeys.detail(id),
    queryFn: () => getWriteIn(id),
    refetchInterval: (q) => (settled(q.state.data?.writeIn.state) ? false : UNSETTLED_REFRESH_MS),
  });

export const useWriteIn = (id: string) => useQuery(getWriteInQueryOptions(id));

/** GET /api/write-ins/:id/results: who showed up and their words, from the start on (read again until final). */
export const getWriteInResults = (id: string): Promise<WriteInResults> => unwrap(api.api["write-ins"][":id"].results.$get({ param: { id } }));

export const useWriteInResults = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: writeInKeys.results(id),
    queryFn: () => getWriteInResults(id),
    enabled,
    refetchInterval: (q) => (q.state.data?.final ? false : UNSETTLED_REFRESH_MS / 2),
  });

/** GET /api/write-ins/:id/calendar.ics: the write-in as a calendar file (readable by whoever reads the write-in). */
export const writeInCalendarUrl = (id: string): string => apiPath(apiUrls.api["write-ins"][":id"]["calendar.ics"].$url({ param: { id } }));
