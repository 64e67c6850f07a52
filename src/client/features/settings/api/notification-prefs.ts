import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MailChoice, NotificationPrefs, NotificationPrefsInput } from "#shared/schemas/notification-prefs.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { meQueryKey } from "#client/lib/get-me.ts";

export const notificationPrefsKey = ["notification-prefs"] as const;

export const getNotificationPrefs = async (): Promise<NotificationPrefs> => (await unwrap(api.api.me["notification-prefs"].$get())).prefs;

// Always read afresh: whether to offer the reminder depends on the piece just saved.
export const getNotificationPrefsQueryOptions = () => queryOptions({ queryKey: notificationPrefsKey, queryFn: getNotificationPrefs, staleTime: 0 });

/** The signed-in writer's email choices and time zone. */
export const useNotificationPrefs = () => useQuery(getNotificationPrefsQueryOptions());

export const saveNotificationPrefs = (json: NotificationPrefsInput) => unwrap(api.api.me["notification-prefs"].$put({ json }));

/** Saves choices; the answer is the saved state (and a changed time zone is the writer's everywhere). */
export function useSaveNotificationPrefs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPrefs,
    onSuccess: (res, input) => {
      qc.setQueryData(notificationPrefsKey, res.prefs);
      if (input.timeZone) void qc.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** The actions behind the links in the emails: each authorised by the link's signed token, not the session. */
export type MailLinkAction = "unsubscribe" | "resubscribe" | "keep-reminding";

export function runMailLinkAction(action: MailLinkAction, token: string): Promise<MailChoice> {
  const query = { query: { token } };
  if (action === "unsubscribe") return unwrap(api.api.mail.unsubscribe.$post(query));
  if (action === "resubscribe") return unwrap(api.api.mail.resubscribe.$post(query));
  return unwrap(api.api.mail["keep-reminding"].$post(query));
}

export function useMailLinkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, token }: { action: MailLinkAction; token: string }) => runMailLinkAction(action, token),
    onSuccess: () => void qc.invalidateQueries({ queryKey: notificationPrefsKey }),
  });
}
