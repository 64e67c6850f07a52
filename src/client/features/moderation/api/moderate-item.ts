import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReportItemKind } from "#shared/domain/moderation.ts";
import type { ModerationResult } from "#shared/schemas/moderation.ts";
import { api, unwrap } from "#client/lib/api-client.ts";
import { moderationKeys } from "./keys.ts";

export type QueueAction = "hide" | "restore" | "dismiss" | "delete";

export interface ModerateRequest {
  action: QueueAction;
  kind: ReportItemKind;
  id: string;
  /** Required to hide. */
  reason?: string;
}

export function moderateItem({ action, kind, id, reason }: ModerateRequest): Promise<ModerationResult> {
  const route = api.api.admin.moderation[":kind"][":id"];
  const param = { kind, id };
  if (action === "hide") return unwrap(route.hide.$post({ param, json: { reason: reason ?? "" } }));
  if (action === "restore") return unwrap(route.restore.$post({ param }));
  if (action === "dismiss") return unwrap(route.dismiss.$post({ param }));
  return unwrap(route.$delete({ param }));
}

/** An action on a reported item; the queue, the count and the log reload after it. */
export function useModerateItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: moderateItem,
    onSettled: () => qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
