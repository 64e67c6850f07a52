import { useId } from "react";
import { formatLongDate } from "#shared/domain/format.ts";
import type { Device } from "#shared/schemas/account.ts";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ErrorState, LoadingState } from "#client/components/ui/states.tsx";
import { useToast } from "#client/components/ui/toast.tsx";
import { errorMessage } from "#client/lib/api-client.ts";
import { useDevices, useSignOutDevices } from "../api/account.ts";

function DeviceRow({ device, busy, onSignOut }: { device: Device; busy: boolean; onSignOut: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium text-ink">
          {device.device}
          {device.current && <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-ink">This device</span>}
        </p>
        <p className="text-sm text-muted">
          Signed in <time dateTime={device.signedInAt}>{formatLongDate(device.signedInAt)}</time> · last active <time dateTime={device.lastActiveAt}>{formatLongDate(device.lastActiveAt)}</time>
        </p>
      </div>
      {!device.current && (
        <Button variant="secondary" disabled={busy} onClick={onSignOut}>
          Sign out<span className="sr-only"> {device.device}, signed in {formatLongDate(device.signedInAt)}</span>
        </Button>
      )}
    </li>
  );
}

/** Signed-in devices: each in plain words, this one marked, "Sign out" on the others and "Sign out everywhere else". */
export function DevicesList() {
  const headingId = useId();
  const devices = useDevices();
  const { one, others } = useSignOutDevices();
  const toast = useToast();
  const list = devices.data?.devices ?? [];
  const otherCount = list.filter((d) => !d.current).length + (devices.data?.more ?? 0);

  const body = devices.isPending ? (
    <LoadingState label="Loading your devices..." />
  ) : devices.isError ? (
    <ErrorState title="Your devices could not be loaded" message={errorMessage(devices.error)} onRetry={() => void devices.refetch()} />
  ) : (
    <>
      <ul aria-labelledby={headingId} className="divide-y divide-line rounded-lg border border-line bg-card">
        {list.map((d) => (
          <DeviceRow
            key={d.id}
            device={d}
            busy={one.isPending && one.variables === d.id}
            onSignOut={() => one.mutate(d.id, { onSuccess: () => toast.success(`Signed out: ${d.device}`), onError: (err) => toast.error(errorMessage(err)) })}
          />
        ))}
      </ul>
      {(devices.data?.more ?? 0) > 0 && <p className="mt-2 text-sm text-muted">…and {devices.data?.more} older sessions.</p>}
      {otherCount === 0 ? (
        <p className="mt-4 text-sm text-muted">No other devices: you are signed in here only.</p>
      ) : (
        <div className="mt-4 flex justify-end">
          <Button
            variant="danger"
            disabled={others.isPending}
            onClick={() => others.mutate(undefined, { onSuccess: () => toast.success(ACCOUNT_MESSAGES.otherSessionsEnded), onError: (err) => toast.error(errorMessage(err)) })}
          >
            {others.isPending ? "Signing out..." : "Sign out everywhere else"}
          </Button>
        </div>
      )}
    </>
  );

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="font-serif text-2xl">
        Signed-in devices
      </h2>
      <p className="mt-2 text-muted">Where your account is signed in now. Sign out any you don&apos;t recognise, then change your password.</p>
      <div className="mt-5">{body}</div>
    </section>
  );
}
