import { DRAFT_MAX_AGE_MS } from "#shared/constants.ts";
import type { WritingAction, WritingPage } from "#shared/domain/writing-session.ts";
import { draftStorage } from "../offline/draft-store.ts";

/**
 * What the writing pages keep in the browser:
 * - IndexedDB     inkwell.draft.<page>.user.<id>    a writer's autosaved draft {title, content, updatedAt, tab, owner}
 *                                                   (offline/draft-store.ts; localStorage before issue 16)
 * - IndexedDB     inkwell.draft.<page>              a visitor's draft (and a writer's kept before drafts had a
 *                                                   slot per account: read as theirs, moved on their next write)
 * - IndexedDB     inkwell.draft.<page>.tab.<tab>    a tab's own text while it disagrees with the draft
 *                                                   (kept after the tab closes, offered on the next visit)
 * - sessionStorage inkwell.pending.<page>           a save or publish waiting for sign-up/sign-in
 * - sessionStorage inkwell.writing-session.<page>   the server's writing session (its timer)
 * Everything is stamped with its owner: the writer's user id, or "visitor" for signed-out writing.
 * A browser can be shared, so only the owner's own text, or a visitor's (it carries over through
 * sign-up and sign-in), is ever restored. Storage can be missing or full (private browsing):
 * every access is guarded.
 */
export const VISITOR = "visitor";

/** Whose slots a page's draft and writing session use: the page's own, or a write-in's (`write-in-<id>`: /write's stay untouched). */
export type DraftScope = WritingPage | `write-in-${string}`;

/** A user id, or VISITOR. */
export type Owner = string;

export interface Draft {
  title: string;
  content: string;
  updatedAt: number;
  /** Which tab wrote it, so a tab can tell its own writes from another's. */
  tab?: string | undefined;
  owner?: Owner | undefined;
}

export interface PendingAction {
  action: WritingAction;
  title: string;
  content: string;
  owner?: Owner | undefined;
}

export interface StoredSession {
  token: string;
  /** When the session started, on this browser's clock (ms). */
  startedAtLocal: number;
  minSeconds: number;
  exempt: boolean;
  owner?: Owner | undefined;
}

/** May the person here now (`owner`) see what `stored` wrote? Their own, or a visitor's. Unstamped text is no one's. */
export function visibleTo(stored: Owner | undefined, owner: Owner): boolean {
  return stored !== undefined && (stored === owner || stored === VISITOR);
}

const sharedDraftKey = (page: DraftScope) => `inkwell.draft.${page}`;
/** Each account's draft has its own slot, so two writers on one browser never write over each other. */
export const draftKey = (page: DraftScope, owner: Owner) => (owner === VISITOR ? sharedDraftKey(page) : `${sharedDraftKey(page)}.user.${owner}`);
const sideDraftPrefix = (page: DraftScope) => `inkwell.draft.${page}.tab.`;
export const sideDraftKey = (page: DraftScope, tab: string) => `${sideDraftPrefix(page)}${tab}`;
const pendingKey = (page: DraftScope) => `inkwell.pending.${page}`;
const sessionKey = (page: DraftScope) => `inkwell.writing-session.${page}`;

type KeyValue = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function read<T>(store: KeyValue | undefined, key: string): T | null {
  try {
    const raw = store?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(store: KeyValue | undefined, key: string, value: unknown): boolean {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

const drafts = () => (typeof window === "undefined" ? undefined : draftStorage);
const session = () => (typeof window === "undefined" ? undefined : window.sessionStorage);

export function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<Draft>;
    if (typeof d.content !== "string" || typeof d.updatedAt !== "number") return null;
    return {
      title: typeof d.title === "string" ? d.title : "",
      content: d.content,
      updatedAt: d.updatedAt,
      tab: typeof d.tab === "string" ? d.tab : undefined,
      owner: typeof d.owner === "string" ? d.owner : undefined,
    };
  } catch {
    return null;
  }
}

function readRaw(key: string): string | null {
  try {
    return drafts()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * The autosaved draft when `owner` may see it and it is under 24 hours old: their own slot's, else
 * the shared slot's (a visitor's, carried over through sign-up and sign-in, or their own from before).
 */
export function readDraft(page: DraftScope, owner: Owner, now = Date.now()): Draft | null {
  const keys = owner === VISITOR ? [sharedDraftKey(page)] : [draftKey(page, owner), sharedDraftKey(page)];
  for (const key of keys) {
    const d = parseDraft(readRaw(key));
    if (d && visibleTo(d.owner, owner) && now - d.updatedAt <= DRAFT_MAX_AGE_MS) return d;
  }
  return null;
}

/** The draft stored in its owner's slot; a copy of theirs left in the shared slot moves with it. */
export function writeDraft(page: DraftScope, draft: Draft): boolean {
  const owner = draft.owner ?? VISITOR;
  const ok = write(drafts(), draftKey(page, owner), draft);
  if (owner !== VISITOR && parseDraft(readRaw(sharedDraftKey(page)))?.owner === owner) write(drafts(), sharedDraftKey(page), null);
  return ok;
}

/** `owner`'s draft let go (saved, published or emptied), with a visitor's they had taken over; another writer's stays. */
export function clearDraft(page: DraftScope, owner: Owner): void {
  write(drafts(), draftKey(page, owner), null);
  const shared = parseDraft(readRaw(sharedDraftKey(page)));
  if (owner !== VISITOR && shared && visibleTo(shared.owner, owner)) write(drafts(), sharedDraftKey(page), null);
}

export const writeSideDraft = (page: DraftScope, tab: string, draft: Draft | null) => write(drafts(), sideDraftKey(page, tab), draft);
export const removeStored = (key: string) => write(drafts(), key, null);

/**
 * Versions other tabs kept while they disagreed with the draft, that `owner` may see, newest
 * first. Versions older than a day are dropped on the way (whoever wrote them).
 */
export function sideDrafts(page: DraftScope, owner: Owner, now = Date.now()): { key: string; draft: Draft }[] {
  const store = drafts();
  if (!store) return [];
  const prefix = sideDraftPrefix(page);
  const found: { key: string; draft: Draft }[] = [];
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) {
      const draft = parseDraft(store.getItem(key));
      if (!draft || now - draft.updatedAt > DRAFT_MAX_AGE_MS) store.removeItem(key);
      else if (visibleTo(draft.owner, owner)) found.push({ key, draft });
    }
  } catch {
    return found;
  }
  return found.sort((a, b) => b.draft.updatedAt - a.draft.updatedAt);
}

export function readPending(page: DraftScope, owner: Owner): PendingAction | null {
  const p = read<PendingAction>(session(), pendingKey(page));
  return p && visibleTo(p.owner, owner) ? p : null;
}
export const writePending = (page: DraftScope, pending: PendingAction | null) => write(session(), pendingKey(page), pending);

export function readStoredSession(page: DraftScope, owner: Owner): StoredSession | null {
  const s = read<StoredSession>(session(), sessionKey(page));
  return s && visibleTo(s.owner, owner) ? s : null;
}
export const writeStoredSession = (page: DraftScope, s: StoredSession | null) => write(session(), sessionKey(page), s);

/** Text to start the page with: a pending action's text first, then a recent draft; only `owner`'s or a visitor's. */
export function restoreText(page: DraftScope, owner: Owner): { title: string; content: string } {
  const pending = readPending(page, owner);
  if (pending && pending.content.trim()) return { title: pending.title, content: pending.content };
  const draft = readDraft(page, owner);
  return draft ? { title: draft.title, content: draft.content } : { title: "", content: "" };
}
