import { useId, useState, type ReactNode } from "react";
import type { FocusMode } from "./use-focus-mode.ts";

const toggle =
  "inline-flex min-h-11 items-center rounded-md px-3 text-sm text-muted hover:bg-accent-soft hover:text-ink aria-pressed:text-ink aria-pressed:underline aria-pressed:underline-offset-4";

/** "Focus mode" (and, while on, "Typewriter scrolling"): toggle buttons above the prompt. */
export function FocusControls({ focus }: { focus: FocusMode }) {
  return (
    <div className="-mt-2 mb-2 flex flex-wrap justify-end gap-1">
      {focus.on && (
        <button type="button" className={toggle} aria-pressed={focus.typewriter} onClick={() => focus.setTypewriter(!focus.typewriter)}>
          Typewriter scrolling
        </button>
      )}
      <button type="button" className={toggle} aria-pressed={focus.on} aria-keyshortcuts="Control+Shift+F Meta+Shift+F" onClick={() => focus.setOn(!focus.on)}>
        Focus mode
      </button>
    </div>
  );
}

/** The prompt: in focus mode it can be folded away ("Hide prompt" / "Show prompt"). */
export function FocusPrompt({ focus, children }: { focus: FocusMode; children: ReactNode }) {
  const [hidden, setHidden] = useState(false);
  const id = useId();
  if (!focus.on) return <>{children}</>;
  return (
    <div>
      <button type="button" className={toggle} aria-expanded={!hidden} aria-controls={id} onClick={() => setHidden(!hidden)}>
        {hidden ? "Show prompt" : "Hide prompt"}
      </button>
      <div id={id} hidden={hidden}>
        {children}
      </div>
    </div>
  );
}
