import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { useWaitingUpdate } from "./register.ts";

/** "A new version is ready — reload": a polite banner; only the writer's press reloads. */
export function UpdateBanner() {
  const reload = useWaitingUpdate();
  const [dismissed, setDismissed] = useState(false);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      {reload && !dismissed && (
        <div className="pointer-events-auto flex flex-wrap items-center gap-3 rounded-lg border border-line bg-card px-4 py-2 shadow-lg">
          <p className="text-sm text-ink">A new version is ready — reload</p>
          <Button variant="primary" onClick={reload}>
            Reload
          </Button>
          <Button variant="ghost" onClick={() => setDismissed(true)}>
            Later
          </Button>
        </div>
      )}
    </div>
  );
}
