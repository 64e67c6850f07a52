/**
 * Focus mode's settings (issue 16 item 4), remembered on this device: whether it is on and whether
 * typewriter scrolling is. Unreadable or missing storage reads as both off.
 */
export interface FocusSettings {
  on: boolean;
  typewriter: boolean;
}

export const FOCUS_STORAGE_KEY = "inkwell-focus-mode";
const OFF: FocusSettings = { on: false, typewriter: false };

export function readFocusSettings(): FocusSettings {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(FOCUS_STORAGE_KEY) ?? "null");
    if (typeof raw !== "object" || raw === null) return OFF;
    const { on, typewriter } = raw as Record<string, unknown>;
    return { on: on === true, typewriter: typewriter === true };
  } catch {
    return OFF;
  }
}

export function writeFocusSettings(s: FocusSettings): void {
  try {
    localStorage.setItem(FOCUS_STORAGE_KEY, JSON.stringify(s));
  } catch {
    /* storage full or refused: the setting lasts this visit */
  }
}

/** Ctrl/Cmd+Shift+F. */
export const isFocusShortcut = (e: KeyboardEvent): boolean => (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && e.key.toLowerCase() === "f";
