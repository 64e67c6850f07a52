import { Button } from "./button.tsx";

/** A confirm dialog's footer: "cancel" and the action (danger), which says it is working while `busy`. */
export function ConfirmActions({ onCancel, onConfirm, busy, label, busyLabel }: { onCancel: () => void; onConfirm: () => void; busy: boolean; label: string; busyLabel: string }) {
  return (
    <div className="mt-6 flex justify-end gap-2">
      <Button variant="text" onClick={onCancel}>
        cancel
      </Button>
      <Button variant="danger" onClick={onConfirm} disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
