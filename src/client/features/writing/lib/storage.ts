import { DRAFT_MAX_AGE_MS } from "#shared/constants.ts";
import type { WritingAction, WritingPage } from "#shared/domain/writing-session.ts";

/**
 * What the writing pages keep in the browser:
 * - localStorage  inkwell.draft.<page>            the autosaved draft {title, content, updatedAt, tab}
 * - sessionStorage inkwell.pending.<page>         a save or publish waiting for sign-up/sign-in
 * - sessionStorage inkwell.writing-session.<page> the server's writing session (its timer)
 * Storage can be missing or full (private browsing): every access is guarded.
 */
export interface Draft {
  title: string;
  content: string;
  updatedAt: number;
  /** Which tab wrote it, so a tab can tell its own writes from another's. */
  tab?: string;
}

export interface PendingAction {
  action: WritingAction;
  title: string;
  content: string;
}

export interface StoredSession {
  token: string;
  /** When the session started, on this browser's clock (ms). */
  startedAtLocal: number;
  minSeconds: number;
  exempt: boolean;
}

export const draftKey = (page: WritingPage) => `inkwell.draft.${page}`;
const pendingKey = (page: WritingPage) => `inkwell.pending.${page}`;
const sessionKey = (page: WritingPage) => `inkwell.writing-session.${page}`;

function read<T>(store: Storage | undefined, key: string): T | null {
  try {
    const raw = store?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(store: Storage | undefined, key: string, value: unknown): boolean {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

const local = () => (typeof window === "undefined" ? undefined : window.localStorage);
const session = () => (typeof window === "undefined" ? undefined : window.sessionStorage);

export function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<Draft>;
    if (typeof d.content !== "string" || typeof d.updatedAt !== "number") return null;
    return { title: typeof d.title === "string" ? d.title : "", content: d.content, updatedAt: d.updatedAt, tab: d.tab };
  } catch {
    return null;
  }
}

/** The autosaved draft when it is under 24 hours old. */
export function readDraft(page: WritingPage, now = Date.now()): Draft | null {
  let raw: string | null;
  try {
    raw = local()?.getItem(draftKey(page)) ?? null;
  } catch {
    return null;
  }
  const d = parseDraft(raw);
  if (!d || now - d.updatedAt > DRAFT_MAX_AGE_MS) return null;
  return d;
}

export const writeDraft = (page: WritingPage, draft: Draft | null) => write(local(), draftKey(page), draft);

export const readPending = (page: WritingPage) => read<PendingAction>(session(), pendingKey(page));
export const writePending = (page: WritingPage, pending: PendingAction | null) => write(session(), pendingKey(page), pending);

export const readStoredSession = (page: WritingPage) => read<StoredSession>(session(), sessionKey(page));
export const writeStoredSession = (page: WritingPage, s: StoredSession | null) => write(session(), sessionKey(page), s);

/** Text to start the page with: a pending action's text first, then a recent draft. */
export function restoreText(page: WritingPage): { title: string; content: string } {
  const pending = readPending(page);
  if (pending && pending.content.trim()) return { title: pending.title, content: pending.content };
  const draft = readDraft(page);
  return draft ? { title: draft.title, content: draft.content } : { title: "", content: "" };
}
