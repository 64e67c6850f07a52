import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "#client/components/ui/button.tsx";
import type { ScheduleOption } from "../api/get-schedulable-circles.ts";
import { ScheduleWriteInForm } from "./schedule-write-in-form.tsx";

/**
 * "Schedule a write-in", a button that unfolds the form (its title field takes the focus; "cancel"
 * folds it and gives the focus back). Offered only to those who may: `options` empty, nothing.
 */
export function ScheduleWriteIn({ options }: { options: ScheduleOption[] }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const headingId = useId();
  useEffect(() => {
    if (!open && wasOpen.current) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (options.length === 0) return null;
  if (!open) {
    return (
      <button ref={buttonRef} type="button" aria-expanded={false} className={buttonClass("primary")} onClick={() => setOpen(true)}>
        Schedule a write-in
      </button>
    );
  }
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-card p-5">
      <h2 id={headingId} className="mb-5 font-serif text-2xl">
        Schedule a write-in
      </h2>
      <ScheduleWriteInForm options={options} onCancel={() => setOpen(false)} autoFocus />
    </section>
  );
}
