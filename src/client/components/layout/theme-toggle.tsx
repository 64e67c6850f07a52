import { useSyncExternalStore } from "react";

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isDark = () => document.documentElement.classList.contains("dark");

/**
 * Follows the system until the writer picks; the choice is remembered (applied early by /theme.js).
 * A server-rendered page says "light" until hydrated (the server cannot know), then reads the page.
 */
export function useTheme(): [boolean, () => void] {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  const toggle = () => {
    const next = !isDark();
    document.documentElement.classList.toggle("dark", next);
    try {
      localStorage.setItem("inkwell-theme", next ? "dark" : "light");
    } catch {
      /* private mode */
    }
    for (const l of listeners) l();
  };
  return [dark, toggle];
}
