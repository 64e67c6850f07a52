import { useEffect, useRef } from "react";

/**
 * Keeps the modal form around `ref` open while `busy` (its request is in flight), so the
 * outcome is always seen: Escape is swallowed, and should the browser close the dialog anyway
 * (a repeated Escape or a system back gesture can skip the cancelable step), it is shown again.
 */
export function useHoldOpen<T extends HTMLElement>(open: boolean, busy: boolean) {
  const ref = useRef<T>(null);
  const hold = useRef(false);
  hold.current = open && busy;

  useEffect(() => {
    if (!open) return;
    const dialog = ref.current?.closest("dialog");
    const onKey = (e: KeyboardEvent) => {
      if (hold.current && e.key === "Escape") e.preventDefault();
    };
    const onClose = () => {
      if (hold.current && dialog && !dialog.open && dialog.isConnected) dialog.showModal();
    };
    document.addEventListener("keydown", onKey, true);
    dialog?.addEventListener("close", onClose);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      dialog?.removeEventListener("close", onClose);
    };
  }, [open]);

  return ref;
}
