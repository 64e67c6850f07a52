import { useState } from "react";
import { formatLongDate } from "#shared/domain/format.ts";
import { Button } from "#client/components/ui/button.tsx";
import { FormMessage } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useSuspension, useSuspensionActions } from "../api/suspension.ts";
import { ConfirmDialog, ReasonDialog, SuspendDialog } from "./moderation-dialogs.tsx";

type Asking = "suspend" | "lift" | "hide-all" | null;

/** On /admin/users: the writer's suspension (suspend, lift early) and "hide all their public pieces". */
export function SuspensionPanel({ userId, name }: { userId: string; name: string }) {
  const state = useSuspension(userId);
  const { suspend, lift, hideAll } = useSuspensionActions(userId);
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const close = () => {
    setAsking(null);
    setError(null);
  };
  const done = (message: string) => () => {
    toast.success(message);
    close();
  };
  const failed = (err: unknown) => setError(errorMessage(err));
  const s = state.data?.suspension;

  return (
    <div className="mt-4 border-t border-line pt-4">
      {state.isError ? (
        <FormMessage tone="error">{errorMessage(state.error)}</FormMessage>
      ) : s ? (
        <p className="text-sm text-danger">
          Suspended {s.until ? `until ${formatLongDate(s.until)}` : "indefinitely"}: {s.reason}
        </p>
      ) : (
        <p className="text-sm text-muted">{state.isPending ? "Checking suspension..." : "Not suspended."}</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {s ? (
          <Button onClick={() => setAsking("lift")}>Lift suspension</Button>
        ) : (
          <Button variant="danger" onClick={() => setAsking("suspend")} disabled={state.isPending}>
            Suspend
          </Button>
        )}
        <Button variant="text" className="hover:text-danger" onClick={() => setAsking("hide-all")}>
          Hide all their public pieces
        </Button>
      </div>
      {asking === "suspend" && (
        <SuspendDialog open name={name} busy={suspend.isPending} error={error} onClose={close} onConfirm={(input) => suspend.mutate({ id: userId, ...input }, { onSuccess: done("Suspended"), onError: failed })} />
      )}
      {asking === "lift" && (
        <ConfirmDialog open title={`Lift ${name}'s suspension?`} confirmLabel="Lift" busy={lift.isPending} error={error} onClose={close} onConfirm={() => lift.mutate(undefined, { onSuccess: done("Suspension lifted"), onError: failed })}>
          They can publish, comment, like and report again at once.
        </ConfirmDialog>
      )}
      {asking === "hide-all" && (
        <ReasonDialog
          open
          title={`Hide all of ${name}'s public pieces?`}
          intro="Each stays in their portfolio, marked hidden; you can restore them one by one from the queue."
          confirmLabel="Hide all"
          busy={hideAll.isPending}
          error={error}
          onClose={close}
          onConfirm={(reason) => hideAll.mutate({ id: userId, reason }, { onSuccess: (r) => done(`${r.hidden} pieces hidden`)(), onError: failed })}
        />
      )}
    </div>
  );
}
