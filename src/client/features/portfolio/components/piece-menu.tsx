import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

export interface PieceMenuActions {
  onEdit: () => void;
  onShare: () => void;
  onDelete: () => void;
}

/**
 * Edit / Share / Delete for one piece: a menu button (arrow keys move, Escape closes and returns
 * focus, a click outside closes).
 */
export function PieceMenu({ label, onEdit, onShare, onDelete }: PieceMenuActions & { label: string }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    const onDown = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const run = (action: () => void) => {
    setOpen(false);
    action();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      items[(at + 1) % items.length]?.focus();
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      items[(at - 1 + items.length) % items.length]?.focus();
    } else if (e.key === "Home") {
      e.preventDefault();
      items[0]?.focus();
    } else if (e.key === "End") {
      e.preventDefault();
      items.at(-1)?.focus();
    } else if (e.key === "Tab") {
      close(false);
    }
  };
  const item = "flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm hover:bg-accent-soft focus:bg-accent-soft";

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-muted hover:bg-accent-soft hover:text-ink"
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
          <circle cx="5" cy="12" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="19" cy="12" r="1.8" />
        </svg>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className="absolute right-0 top-12 z-30 w-40 rounded-lg border border-line bg-card p-1 shadow-xl animate-ink-fade"
        >
          <button type="button" role="menuitem" tabIndex={-1} className={item} onClick={() => run(onEdit)}>
            Edit
          </button>
          <button type="button" role="menuitem" tabIndex={-1} className={item} onClick={() => run(onShare)}>
            Share
          </button>
          <button type="button" role="menuitem" tabIndex={-1} className={`${item} text-danger`} onClick={() => run(onDelete)}>
            Delete
          </button>
        </div>
      )}
    </div>
  );
}
