import { useCallback, useEffect, useRef, useState } from "react";
import { isFocusShortcut, readFocusSettings, writeFocusSettings, type FocusSettings } from "./focus-settings.ts";
import { centreCaret } from "./typewriter.ts";

/** The writing text's element (writing-editor.tsx): focus returns to it, typewriter scrolling follows its caret. */
const TEXT_ID = "writing-text";
const text = () => document.getElementById(TEXT_ID) as HTMLTextAreaElement | null;

/**
 * Focus mode on a writing page (issue 16 item 4): `<html data-focus-mode>` hides what is marked
 * `data-focus-hide` (styles.css: the top bar, the word count, publish and save); the browser goes
 * full screen where it allows (a refusal is ignored); Ctrl/Cmd+Shift+F toggles, Escape leaves (a
 * dialog's Escape stays the dialog's). Remembered on this device (focus-settings.ts).
 */
export function useFocusMode() {
  const [settings, setSettings] = useState<FocusSettings>(readFocusSettings);
  const fullscreenByUs = useRef(false);

  const update = useCallback((next: Partial<FocusSettings>) => {
    setSettings((s) => {
      const merged = { ...s, ...next };
      writeFocusSettings(merged);
      return merged;
    });
  }, []);

  const setOn = useCallback(
    (on: boolean) => {
      update({ on });
      if (on && !document.fullscreenElement && document.documentElement.requestFullscreen) {
        document.documentElement.requestFullscreen().then(
          () => (fullscreenByUs.current = true),
          () => undefined,
        );
      } else if (!on && fullscreenByUs.current && document.fullscreenElement) {
        fullscreenByUs.current = false;
        document.exitFullscreen().catch(() => undefined);
      }
      text()?.focus();
    },
    [update],
  );

  const { on, typewriter } = settings;
  useEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute("data-focus-mode", on);
    root.toggleAttribute("data-typewriter", on && typewriter);
    return () => {
      root.removeAttribute("data-focus-mode");
      root.removeAttribute("data-typewriter");
    };
  }, [on, typewriter]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isFocusShortcut(e)) {
        e.preventDefault();
        setOn(!on);
      } else if (e.key === "Escape" && on && !e.defaultPrevented && !document.querySelector("dialog[open], [role='dialog']")) {
        setOn(false);
      }
    };
    // Leaving full screen by the browser's own Escape leaves focus mode too.
    const onFullscreen = () => {
      if (!document.fullscreenElement && fullscreenByUs.current) {
        fullscreenByUs.current = false;
        update({ on: false });
      }
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("fullscreenchange", onFullscreen);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("fullscreenchange", onFullscreen);
    };
  }, [on, setOn, update]);

  useEffect(() => {
    const el = text();
    if (!on || !typewriter || !el) return;
    const follow = () => centreCaret(el);
    follow();
    el.addEventListener("input", follow);
    el.addEventListener("keyup", follow);
    el.addEventListener("click", follow);
    return () => {
      el.removeEventListener("input", follow);
      el.removeEventListener("keyup", follow);
      el.removeEventListener("click", follow);
    };
  }, [on, typewriter]);

  return { on, typewriter, setOn, setTypewriter: (t: boolean) => update({ typewriter: t }) };
}

export type FocusMode = ReturnType<typeof useFocusMode>;
