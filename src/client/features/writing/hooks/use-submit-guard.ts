import { useCallback, useState } from "react";
import { createSubmitGuard, type PressSource } from "../lib/submit-guard.ts";

/**
 * The one guard of the writing page (lib/submit-guard.ts), and everything that follows from a
 * request being in flight:
 * - `press(source)`: false for a double click (a second press within a second) or while in flight;
 * - `run(request)`: the one request in flight; `busy` meanwhile (the buttons say so and are disabled);
 * - `holdOpen`: the ref of the open form, which cannot be closed while its request is in flight,
 *   so its outcome is always seen. Escape is swallowed, and should the browser close the dialog
 *   anyway (a repeated Escape or a system back gesture can skip the cancelable step), it is shown again.
 */
export function useSubmitGuard() {
  const [guard] = useState(createSubmitGuard);
  const [busy, setBusy] = useState(false);

  const press = useCallback((source: PressSource) => guard.press(source, Date.now()), [guard]);

  const run = useCallback(
    async (request: () => Promise<void>) => {
      if (!guard.begin()) return;
      setBusy(true);
      try {
        await request();
      } finally {
        guard.end();
        setBusy(false);
      }
    },
    [guard],
  );

  const holdOpen = useCallback(
    (form: HTMLFormElement | null) => {
      const dialog = form?.closest("dialog");
      if (!dialog) return;
      const onKey = (e: KeyboardEvent) => {
        if (guard.inFlight && e.key === "Escape") e.preventDefault();
      };
      const onClose = () => {
        if (guard.inFlight && !dialog.open && dialog.isConnected) dialog.showModal();
      };
      document.addEventListener("keydown", onKey, true);
      dialog.addEventListener("close", onClose);
      return () => {
        document.removeEventListener("keydown", onKey, true);
        dialog.removeEventListener("close", onClose);
      };
    },
    [guard],
  );

  return { busy, inFlight: () => guard.inFlight, press, run, holdOpen };
}
