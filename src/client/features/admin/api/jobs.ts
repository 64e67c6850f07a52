import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api-client.ts";
import { adminKeys } from "./keys.ts";

export const getJobsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.jobs(),
    queryFn: () => unwrap(api.api.admin.jobs.$get()),
    // A dashboard watched while emails go out: fresh every 15 s while open.
    refetchInterval: 15_000,
  });

/** The job queue's state (/admin/jobs). */
export const useJobs = () => useQuery(getJobsQueryOptions());

/** Puts a failed job back in line; the dashboard refreshes. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, id }: { name: string; id: string }) => unwrap(api.api.admin.jobs[":name"][":id"].retry.$post({ param: { name, id } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.jobs() }),
  });
}
