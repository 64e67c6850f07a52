import { useCallback, useEffect, useRef, useState } from "react";
import type { WritingPage } from "#shared/domain/writing-session.ts";
import { draftKey, parseDraft, writeDraft, type Draft } from "../lib/storage.ts";

const AUTOSAVE_DEBOUNCE_MS = 400;

interface Text {
  title: string;
  content: string;
}

const same = (a: Text | null, b: Text | null) => (a?.title ?? "") === (b?.title ?? "") && (a?.content ?? "") === (b?.content ?? "");

/**
 * Autosaves the page's text to localStorage (debounced) and keeps open tabs honest with each
 * other: a tab with nothing unsaved follows another tab's draft; a tab whose own text differs
 * is told (`conflict`) instead of being overwritten or overwriting, until the writer chooses.
 */
export function useDraft(page: WritingPage, text: Text, adopt: (t: Text) => void) {
  const tab = useRef(Math.random().toString(36).slice(2));
  /** The text this tab last wrote to, or took from, the stored draft. */
  const synced = useRef<Text | null>(text);
  const current = useRef(text);
  current.current = text;
  const adoptRef = useRef(adopt);
  adoptRef.current = adopt;
  const [conflict, setConflict] = useState<Draft | null>(null);
  const conflictRef = useRef(conflict);
  conflictRef.current = conflict;
  const timer = useRef<number | undefined>(undefined);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (conflictRef.current) return;
    const t = current.current;
    if (same(t, synced.current)) return;
    const empty = !t.title.trim() && !t.content.trim();
    writeDraft(page, empty ? null : { title: t.title, content: t.content, updatedAt: Date.now(), tab: tab.current });
    synced.current = { ...t };
  }, [page]);

  // Save a moment after the writer pauses.
  useEffect(() => {
    if (same(text, synced.current)) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush, AUTOSAVE_DEBOUNCE_MS);
  }, [text, flush]);

  // Nothing typed is lost when the tab closes or reloads before the pause.
  useEffect(() => {
    const onHide = () => flush();
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      flush();
    };
  }, [flush]);

  // Another tab wrote the draft.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== draftKey(page) || e.storageArea !== window.localStorage) return;
      const theirs = parseDraft(e.newValue);
      const mine = current.current;
      if (!theirs) {
        // Cleared there (published or saved): keep what is on screen here; it is ours to keep.
        synced.current = { title: "", content: "" };
        return;
      }
      if (same(theirs, mine)) {
        synced.current = { title: theirs.title, content: theirs.content };
        return;
      }
      const unsavedHere = !same(mine, synced.current);
      if (!unsavedHere && !conflictRef.current) {
        window.clearTimeout(timer.current);
        synced.current = { title: theirs.title, content: theirs.content };
        adoptRef.current({ title: theirs.title, content: theirs.content });
        return;
      }
      setConflict(theirs);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [page]);

  /** Keep this tab's text: it becomes the draft (the other tab will be told in turn). */
  const keepMine = useCallback(() => {
    conflictRef.current = null;
    setConflict(null);
    synced.current = null;
    flush();
  }, [flush]);

  /** Take the other tab's text into this tab. */
  const takeTheirs = useCallback(() => {
    const theirs = conflictRef.current;
    conflictRef.current = null;
    setConflict(null);
    if (!theirs) return;
    const t = { title: theirs.title, content: theirs.content };
    synced.current = t;
    adoptRef.current(t);
  }, []);

  /** After a save or publish: the draft is gone, here and in storage. */
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    conflictRef.current = null;
    setConflict(null);
    writeDraft(page, null);
    synced.current = { title: "", content: "" };
  }, [page]);

  return { conflict, keepMine, takeTheirs, clear };
}
