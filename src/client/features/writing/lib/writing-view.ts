import type { WritingAction } from "#shared/domain/writing-session.ts";

/** What the writing page shows: the editor, one of its two forms, or the thanks after a piece. */
export type View = "editing" | "save-form" | "publish-form" | "saved" | "published";

export interface WritingView {
  view: View;
  /** A visitor (or a writer whose session ran out) pressed this: the way to sign up is open. */
  joinAction: WritingAction | null;
  /** Under the editor: how long is left before saving or publishing unlocks, or what became of a queued piece. */
  notice: string | null;
  /** In the open form: why the last try failed. */
  formError: string | null;
  /** The piece just published (for its share link). */
  publishedId: string | null;
}

export const INITIAL_VIEW: WritingView = { view: "editing", joinAction: null, notice: null, formError: null, publishedId: null };

export type WritingEvent =
  /** publish or save can go ahead (pressed, or back from sign-up with it pending): its form opens. */
  | { type: "open-form"; action: WritingAction }
  /** Pressed too soon: the notice says how long is left. */
  | { type: "too-soon"; message: string }
  /** Something to say under the editor, the form (if any) closed: a piece waiting for the connection, or one the server refused later (null: said and done). */
  | { type: "notice"; message: string | null }
  /** The writing time is up: the notice has done its job. */
  | { type: "time-up" }
  /** Signed out: the way to sign up (or in again) opens, and the form, if any, closes. */
  | { type: "join"; action: WritingAction }
  | { type: "close-join" }
  | { type: "close-form" }
  /** A new try from the form: the last failure is cleared; `message` when it failed at once. */
  | { type: "form-error"; message: string | null }
  | { type: "succeeded"; action: WritingAction; id: string }
  | { type: "write-again" }
  /** Someone else is writing here now: nothing of the last writer's stays on screen. */
  | { type: "switched" };

const formOf = (action: WritingAction): View => (action === "save" ? "save-form" : "publish-form");

/** How the writing page changes on each event (pure: the page's hooks do the talking to the server). */
export function writingView(state: WritingView, event: WritingEvent): WritingView {
  switch (event.type) {
    case "open-form":
      return { ...state, view: formOf(event.action), notice: null, formError: null };
    case "too-soon":
      return { ...state, notice: event.message };
    case "notice":
      return event.message === null ? { ...state, notice: null } : { ...state, view: "editing", notice: event.message, formError: null };
    case "time-up":
      return state.notice === null ? state : { ...state, notice: null };
    case "join":
      return { ...state, view: "editing", joinAction: event.action, formError: null };
    case "close-join":
      return { ...state, joinAction: null };
    case "close-form":
      return { ...state, view: "editing" };
    case "form-error":
      return { ...state, formError: event.message };
    case "succeeded":
      return { ...state, view: event.action === "save" ? "saved" : "published", publishedId: event.id };
    case "write-again":
      return { ...state, view: "editing" };
    case "switched":
      return { ...state, view: "editing", joinAction: null, notice: null, formError: null };
  }
}
