import { useState } from "react";
import { useNavigate } from "react-router";
import type { CircleRole } from "#shared/domain/circles.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleMember } from "#shared/schemas/circles.ts";
import { paths } from "#client/config/paths.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmActions } from "#client/components/ui/confirm-actions.tsx";
import { Dialog } from "#client/components/ui/dialog.tsx";
import { ErrorState, FormMessage, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useCircleMembers, useRemoveMember, useSetMemberRole, useTransferOwner } from "../api/circle-members.ts";
import { memberActions, ROLE_LABELS } from "../lib/circle-rules.ts";
import { LoadMore } from "./load-more.tsx";

/** An action that asks first: whom, what it does, and the words on its button. */
type Pending = { kind: "remove" | "ban" | "hand-over" | "leave"; member: CircleMember };

const CONFIRM: Record<Pending["kind"], { title: string; body: (name: string) => string; label: string; busy: string }> = {
  remove: { title: "Remove from the circle?", body: (n) => `${n} will no longer read what is shared with this circle.`, label: "Remove", busy: "Removing..." },
  ban: {
    title: "Remove and ban?",
    body: (n) => `${n} will no longer read what is shared with this circle, and can't join it again, even with an invite link.`,
    label: "Remove and ban",
    busy: "Removing...",
  },
  "hand-over": {
    title: "Hand over the circle?",
    body: (n) => `${n} becomes the owner. You stay in the circle as a moderator.`,
    label: "Hand over",
    busy: "Handing over...",
  },
  leave: { title: "Leave this circle?", body: () => "You will no longer read what is shared with it. An invite link brings you back.", label: "Leave circle", busy: "Leaving..." },
};

/** The members and their roles; what the viewer may do to each; and Leave. */
export function CircleMembers({ slug, myRole }: { slug: string; myRole: CircleRole | null }) {
  const members = useCircleMembers(slug);
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const handOver = useTransferOwner();
  const toast = useToast();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending | null>(null);
  const [ownerLeaving, setOwnerLeaving] = useState(false);

  if (members.isPending) return <LoadingState label="Loading members..." />;
  if (members.isError) return <ErrorState message={errorMessage(members.error)} onRetry={() => void members.refetch()} />;
  const list = members.data.pages.flatMap((p) => p.items);
  const me = list.find((m) => m.isMe);
  const onError = (err: unknown) => toast.error(errorMessage(err));
  const done = (message: string) => () => {
    setPending(null);
    toast.success(message);
    void members.refetch();
  };

  const confirm = () => {
    if (!pending) return;
    const { kind, member } = pending;
    const vars = { slug, userId: member.userId };
    if (kind === "hand-over") handOver.mutate(vars, { onSuccess: done(`${member.name} is now the owner`), onError });
    else if (kind === "remove") remove.mutate(vars, { onSuccess: done(`${member.name} was removed`), onError });
    else if (kind === "ban") remove.mutate({ ...vars, ban: true }, { onSuccess: done(`${member.name} was removed and banned`), onError });
    else
      remove.mutate(vars, {
        onSuccess: () => {
          toast.success("You left the circle");
          void navigate(paths.circles.href());
        },
        onError,
      });
  };

  const changeRole = (member: CircleMember, role: "moderator" | "member") =>
    setRole.mutate(
      { slug, userId: member.userId, role },
      { onSuccess: done(role === "moderator" ? `${member.name} is now a moderator` : `${member.name} is no longer a moderator`), onError },
    );

  return (
    <div className="flex flex-col gap-8">
      <ul aria-label="Members" className="flex flex-col divide-y divide-line rounded-xl border border-line bg-card">
        {list.map((m) => {
          const actions = memberActions(myRole, m);
          return (
            <li key={m.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  {m.name}
                  {m.isMe && <span className="font-normal text-muted"> (you)</span>}
                </p>
                <p className="text-sm text-muted">{ROLE_LABELS[m.role]}</p>
              </div>
              {actions.length > 0 && (
                <div className="flex flex-wrap gap-2">
                  {actions.includes("make-moderator") && (
                    <Button variant="ghost" onClick={() => changeRole(m, "moderator")} disabled={setRole.isPending} aria-label={`Make ${m.name} a moderator`}>
                      Make moderator
                    </Button>
                  )}
                  {actions.includes("unmake-moderator") && (
                    <Button variant="ghost" onClick={() => changeRole(m, "member")} disabled={setRole.isPending} aria-label={`Make ${m.name} a member again`}>
                      Unmake moderator
                    </Button>
                  )}
                  {actions.includes("hand-over") && (
                    <Button variant="ghost" onClick={() => setPending({ kind: "hand-over", member: m })} aria-label={`Hand the circle over to ${m.name}`}>
                      Hand over
                    </Button>
                  )}
                  {actions.includes("remove") && (
                    <>
                      <Button variant="ghost" onClick={() => setPending({ kind: "remove", member: m })} aria-label={`Remove ${m.name}`}>
                        Remove
                      </Button>
                      <Button variant="ghost" onClick={() => setPending({ kind: "ban", member: m })} aria-label={`Remove and ban ${m.name}`}>
                        Remove and ban
                      </Button>
                    </>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <LoadMore list={members} />
      {me && (
        <div className="flex flex-col items-start gap-3">
          <Button variant="secondary" onClick={() => (myRole === "owner" ? setOwnerLeaving(true) : setPending({ kind: "leave", member: me }))}>
            Leave circle
          </Button>
          {ownerLeaving && <FormMessage tone="info">{CIRCLE_MESSAGES.ownerCannotLeave}</FormMessage>}
        </div>
      )}
      <Dialog open={pending !== null} onClose={() => setPending(null)} title={pending ? CONFIRM[pending.kind].title : ""}>
        {pending && (
          <>
            <p className="text-muted">{CONFIRM[pending.kind].body(pending.member.name)}</p>
            <ConfirmActions
              onCancel={() => setPending(null)}
              onConfirm={confirm}
              busy={remove.isPending || handOver.isPending}
              label={CONFIRM[pending.kind].label}
              busyLabel={CONFIRM[pending.kind].busy}
            />
          </>
        )}
      </Dialog>
    </div>
  );
}
