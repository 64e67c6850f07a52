import { useCallback, useEffect, useRef, useState } from "react";
import {
  clearDraft,
  draftKey,
  parseDraft,
  readDraft,
  removeStored,
  sideDraftKey,
  sideDrafts,
  visibleTo,
  VISITOR,
  writeDraft,
  writeSideDraft,
  type Draft,
  type DraftScope,
  type Owner,
} from "../lib/storage.ts";
import { draftsWritten, onDraftChange } from "../offline/draft-store.ts";

/** A pause in typing this long saves the draft (to IndexedDB, offline/draft-store.ts). */
const AUTOSAVE_DEBOUNCE_MS = 600;

interface Text {
  title: string;
  content: string;
}

/**
 * Two versions of the draft, until the writer chooses. `key` null: another open tab changed the
 * draft while this tab had its own unsaved text. `key` set: a version another tab kept under
 * that key while it disagreed (it may have been closed since).
 */
export interface DraftConflict {
  draft: Draft;
  key: string | null;
}

/** The tab name a version kept aside carries (a queued piece the server refused: `keepAside`). */
export const ASIDE = "aside-";

const same = (a: Text | null, b: Text | null) => (a?.title ?? "") === (b?.title ?? "") && (a?.content ?? "") === (b?.content ?? "");
const isEmpty = (t: Text) => !t.title.trim() && !t.content.trim();
const stamp = (t: Text, tab: string, owner: Owner): Draft => ({ title: t.title, content: t.content, updatedAt: Date.now(), tab, owner });

/**
 * Autosaves the page's text on the device (debounced, and when the page is hidden or closed),
 * stamped with its owner; `savedAt` is when the last write landed (the save state says so, once
 * per pause, never per keystroke). It keeps open
 * tabs honest with each other: a tab with nothing unsaved follows another tab's draft; a tab
 * whose own text differs is told (`conflict`) instead of being overwritten or overwriting, and
 * meanwhile keeps saving its text under its own key, so closing it loses nothing. Versions left
 * that way by other tabs are offered the same way when the page opens.
 */
export function useDraft(page: DraftScope, owner: Owner, text: Text, adopt: (t: Text) => void) {
  const tab = useRef(Math.random().toString(36).slice(2));
  const ownKey = sideDraftKey(page, tab.current);
  /** The text this tab last wrote to, or took from, the stored draft. */
  const synced = useRef<Text | null>(text);
  /** The text this tab last kept under its own key during a conflict. */
  const sideSynced = useRef<Text | null>(null);
  const current = useRef(text);
  current.current = text;
  const ownerRef = useRef(owner);
  const adoptRef = useRef(adopt);
  adoptRef.current = adopt;
  const [conflict, setConflictState] = useState<DraftConflict | null>(null);
  const conflictRef = useRef<DraftConflict | null>(null);
  const setConflict = useCallback((c: DraftConflict | null) => {
    conflictRef.current = c;
    setConflictState(c);
  }, []);
  const timer = useRef<number | undefined>(undefined);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const landed = useCallback(() => {
    void draftsWritten().then((ok) => {
      if (ok) setSavedAt(Date.now());
    });
  }, []);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const t = current.current;
    if (conflictRef.current?.key === null) {
      // Another tab's draft differs: this tab's text is kept under its own key until the writer chooses.
      if (same(t, sideSynced.current)) return;
      writeSideDraft(page, tab.current, isEmpty(t) ? null : stamp(t, tab.current, ownerRef.current));
      sideSynced.current = { ...t };
      landed();
      return;
    }
    if (same(t, synced.current)) return;
    if (isEmpty(t)) {
      // An empty page never removes a draft that belongs to another writer.
      clearDraft(page, ownerRef.current);
    } else {
      writeDraft(page, stamp(t, tab.current, ownerRef.current));
      landed();
    }
    synced.current = { ...t };
  }, [page, landed]);

  /** Offers the newest version another tab left that differs from this tab's text (dropping copies). */
  const offerLeftOver = useCallback(() => {
    for (const { key, draft } of sideDrafts(page, ownerRef.current)) {
      if (key === ownKey) continue;
      if (same(draft, current.current) || isEmpty(draft)) {
        removeStored(key);
        continue;
      }
      setConflict({ draft, key });
      return;
    }
  }, [page, ownKey, setConflict]);

  /** The disagreement is over: this tab's own copy is no longer needed. */
  const endConflict = useCallback(() => {
    setConflict(null);
    if (sideSynced.current !== null) removeStored(ownKey);
    sideSynced.current = null;
  }, [ownKey, setConflict]);

  // Save a moment after the writer pauses.
  useEffect(() => {
    if (conflictRef.current?.key === null ? same(text, sideSynced.current) : same(text, synced.current)) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush, AUTOSAVE_DEBOUNCE_MS);
  }, [text, flush]);

  // Nothing typed is lost when the tab closes or reloads before the pause.
  useEffect(() => {
    const onHide = () => flush();
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", onHide);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onVisibility);
      flush();
    };
  }, [flush]);

  // Versions other tabs left behind are offered when the page opens.
  useEffect(() => {
    offerLeftOver();
  }, [offerLeftOver]);

  // A visitor's draft brought back for a writer who has just signed in becomes theirs.
  useEffect(() => {
    if (ownerRef.current === VISITOR) return;
    const stored = readDraft(page, VISITOR);
    if (stored && same(stored, current.current)) {
      writeDraft(page, { ...stored, owner: ownerRef.current });
      clearDraft(page, VISITOR);
    }
  }, [page]);

  // Someone else writes here now: a visitor's text becomes theirs; offers made to the one before are withdrawn.
  useEffect(() => {
    if (ownerRef.current === owner) return;
    ownerRef.current = owner;
    // The previous owner's copy, if any, stays in storage for them.
    setConflict(null);
    sideSynced.current = null;
    // Re-stamp what is on screen for its new owner (an empty page leaves stored drafts alone).
    synced.current = null;
    flush();
    offerLeftOver();
  }, [owner, flush, offerLeftOver, setConflict]);

  // Another tab wrote the draft (told through the draft store).
  useEffect(() => {
    const onChange = (key: string, newValue: string | null) => {
      if (key === ownKey) {
        // This tab's own copy was let go elsewhere while it still disagrees: keep it again.
        if (newValue === null && conflictRef.current?.key === null) {
          sideSynced.current = null;
          flush();
        }
        return;
      }
      if (key !== draftKey(page, ownerRef.current)) return;
      const theirs = parseDraft(newValue);
      const mine = current.current;
      const live = conflictRef.current?.key === null;
      if (!theirs) {
        // Cleared there (published or saved): what is on screen here is ours to keep, and becomes the draft.
        synced.current = { title: "", content: "" };
        if (live) {
          endConflict();
          flush();
        }
        return;
      }
      // Another writer's draft is not ours to follow or to be told about.
      if (!visibleTo(theirs.owner, ownerRef.current)) return;
      if (same(theirs, mine)) {
        synced.current = { title: theirs.title, content: theirs.content };
        if (live) endConflict();
        return;
      }
      const unsavedHere = !same(mine, synced.current);
      if (!unsavedHere && !live) {
        window.clearTimeout(timer.current);
        synced.current = { title: theirs.title, content: theirs.content };
        adoptRef.current({ title: theirs.title, content: theirs.content });
        return;
      }
      setConflict({ draft: theirs, key: null });
      // From now on this tab's text is saved under its own key; save it there at once.
      flush();
    };
    return onDraftChange(onChange);
  }, [page, ownKey, flush, endConflict, setConflict]);

  /** Keep this tab's text: it becomes the draft (another tab will be told in turn); a left-over version is let go. */
  const keepMine = useCallback(() => {
    const c = conflictRef.current;
    if (c?.key) {
      removeStored(c.key);
      setConflict(null);
    } else {
      endConflict();
      synced.current = null;
      flush();
    }
    offerLeftOver();
  }, [flush, endConflict, offerLeftOver, setConflict]);

  /** Take the other version into this tab. */
  const takeTheirs = useCallback(() => {
    const c = conflictRef.current;
    if (!c) return;
    const t = { title: c.draft.title, content: c.draft.content };
    if (c.key) {
      removeStored(c.key);
      setConflict(null);
      // It becomes the draft with the next autosave.
      synced.current = null;
    } else {
      endConflict();
      synced.current = t;
    }
    adoptRef.current(t);
    offerLeftOver();
  }, [endConflict, offerLeftOver, setConflict]);

  /**
   * Words that must not be lost but cannot go on screen now (a queued piece the server refused
   * while the writer has other words here): kept as a version of their own and offered like one a
   * closed tab left, through the same "two versions" choice.
   */
  const keepAside = useCallback(
    (t: Text, id: string) => {
      writeSideDraft(page, ASIDE + id, stamp(t, ASIDE + id, ownerRef.current));
      if (!conflictRef.current) offerLeftOver();
    },
    [page, offerLeftOver],
  );

  /** After a save or publish: the draft is gone, here and in storage. */
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    endConflict();
    clearDraft(page, ownerRef.current);
    synced.current = { title: "", content: "" };
  }, [page, endConflict]);

  return { conflict, keepMine, takeTheirs, clear, flush, keepAside, savedAt };
}
