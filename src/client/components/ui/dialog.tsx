import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal on the native <dialog>: focus is trapped, Escape closes, a click on the backdrop
 * closes (spec: "Clicking the backdrop closes the modal"), focus returns where it was.
 * Focus opens on the element marked `data-autofocus` (a form's first field) when there is one,
 * not on the × that comes first in the dialog.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  fullScreen = false,
  closeLabel = "Close",
  showClose = true,
  describedBy,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  fullScreen?: boolean;
  closeLabel?: string;
  showClose?: boolean;
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      const previous = document.activeElement as HTMLElement | null;
      el.showModal();
      el.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      return () => {
        if (el.open) el.close();
        previous?.focus?.();
      };
    }
    return undefined;
  }, [open]);

  if (!open) return null;
  const size = fullScreen
    ? "m-0 h-dvh max-h-none w-screen max-w-none rounded-none"
    : "m-auto w-[min(100vw-2rem,34rem)] rounded-xl border border-line";
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      className={`${size} bg-card p-0 text-ink shadow-xl animate-ink-fade`}
      onCancel={(e) => {
        e.preventDefault();
        onCloseRef.current();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div className={fullScreen ? "mx-auto flex min-h-full max-w-2xl flex-col justify-center px-5 py-10" : "p-6"}>
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-serif text-2xl">
            {title}
          </h2>
          {showClose && (
            <button
              type="button"
              onClick={() => onCloseRef.current()}
              className="-mr-2 -mt-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-2xl leading-none text-muted hover:text-ink"
              aria-label={closeLabel}
            >
              ×
            </button>
          )}
        </div>
        {children}
      </div>
    </dialog>
  );
}
