import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { restoreText, VISITOR, type DraftScope, type Owner } from "../lib/storage.ts";
import { useDraft } from "./use-draft.ts";

/**
 * The title and text on a writing page, autosaved, and whose they are: the signed-in writer
 * (`here`), or a visitor. What the browser keeps is stamped with the owner, and only the owner's
 * own (or a visitor's) text is ever brought back. When someone else signs in or out (in another
 * tab), a visitor's text carries over to the writer who signs in; a writer's text leaves the
 * screen (it stays stored for them, and `onSwitch` clears the rest of the page) unless their own
 * session just ran out here and they are on their way back (`keepThroughSignOut`).
 */
export function useWritingText(page: DraftScope, here: Owner, onSwitch: () => void) {
  const [owner, setOwner] = useState<Owner>(here);
  /** The server said this writer's session ended (401): their text waits for them to sign in again. */
  const signedOutMidWriting = useRef(false);
  const [initial] = useState(() => restoreText(page, owner));
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const adopt = useCallback((t: { title: string; content: string }) => {
    setTitle(t.title);
    setContent(t.content);
  }, []);
  const draft = useDraft(page, owner, { title, content }, adopt);
  const flushDraft = draft.flush;
  const switched = useEffectEvent(onSwitch);

  useEffect(() => {
    if (here === owner) {
      signedOutMidWriting.current = false;
      return;
    }
    if (owner === VISITOR) {
      setOwner(here);
      return;
    }
    if (signedOutMidWriting.current && here === VISITOR) return;
    flushDraft();
    signedOutMidWriting.current = false;
    setOwner(here);
    setTitle("");
    setContent("");
    switched();
  }, [here, owner, flushDraft]);

  const clearDraft = draft.clear;
  /** The piece is saved: the page, and what the browser kept of it, start empty. */
  const clear = useCallback(() => {
    clearDraft();
    setTitle("");
    setContent("");
  }, [clearDraft]);

  const keepThroughSignOut = useCallback(() => {
    signedOutMidWriting.current = true;
  }, []);

  return { owner, title, setTitle, content, setContent, draft, clear, keepThroughSignOut };
}
