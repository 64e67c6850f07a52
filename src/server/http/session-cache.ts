import { createHash } from "node:crypto";
import type { Database } from "../db/client.ts";
import { SESSION_CACHE_MAX, SESSION_CACHE_MS } from "#shared/constants.ts";
import type { SessionUser } from "./session-user.ts";

/*
 * Verified sessions, kept a short while (issue 28 item 2): a signed-in reader's GET is answered
 * without better-auth's lookup (the cookie's HMAC, the session row joined to its user). Keyed by a
 * SHA-256 of the request's better-auth cookies (the raw token is never kept), for at most
 * SESSION_CACHE_MS and never past the session's own expiry; SESSION_CACHE_MAX entries at most.
 *
 * Writes never trust what it holds of the rows: they take from it only which session row the
 * cookie names (fixed once better-auth verified it) and read that row and its writer's afresh
 * (session-live.ts), or ask better-auth, so a signed-out, revoked or suspended session cannot
 * write, whatever a cache holds. Anything that changes a session row or the user row a
 * session reads (sign-out, a device signed out, a password changed or reset, the account deleted,
 * a suspension, the name, alias, email or time zone) reaches every instance by a NOTIFY on
 * SESSIONS_CHANNEL carrying the writer's id only, sent by triggers on "users" and "session"
 * (migration 0020) when the change commits: no change commits without it, whoever makes it (this
 * instance hears its own too, which also drops what a request read here before the commit). The
 * code that makes such a change also calls `changed(userId)`, so this instance forgets at once.
 * While the LISTEN connection is lost, nothing is answered from the cache or kept in it, and
 * everything is dropped.
 */

export const SESSIONS_CHANNEL = "inkwell_sessions";

/** What a session lookup gives the session middleware, before the admin flag. */
export interface VerifiedSession {
  sessionId: string;
  expiresAt: Date;
  user: Omit<SessionUser, "isAdmin">;
}

interface Entry {
  found: VerifiedSession;
  /** Kept until then (ms since the epoch). */
  until: number;
}

/** The request's better-auth cookies (session token, "don't remember", cookie cache), hashed; null when it has none. */
export function sessionCacheKey(cookieHeader: string, prefix: string): string | null {
  const parts: string[] = [];
  for (const pair of cookieHeader.split(";")) {
    const trimmed = pair.trim();
    if (trimmed.startsWith(`${prefix}.`) || trimmed.startsWith(`__Secure-${prefix}.`)) parts.push(trimmed);
  }
  if (parts.length === 0) return null;
  return createHash("sha256").update(parts.join(";")).digest("base64url");
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts drops: a lookup that overlapped one is not kept (it may have read what was just changed). */
  private generation = 0;
  private unlisten: (() => Promise<void>) | undefined;
  private unwatchGaps: (() => void) | undefined;

  constructor(
    private readonly database: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(SESSIONS_CHANNEL, (userId) => this.drop(userId));
    this.unwatchGaps = this.database.onNotificationGap(() => this.clear());
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unwatchGaps?.();
    this.clear();
  }

  /** The session kept for `key`, if still fresh and live. */
  get(key: string): VerifiedSession | undefined {
    // Notices from other instances cannot reach us now: ask better-auth (the gap handler drops the rest).
    if (!this.database.notificationsLive()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.until > now && entry.found.expiresAt.getTime() > now) return entry.found;
    this.entries.delete(key);
    return undefined;
  }

  /** Runs `lookup` and keeps its session for `key`, unless a drop happened meanwhile. */
  async remember(key: string, lookup: () => Promise<VerifiedSession | null>): Promise<VerifiedSession | null> {
    const generation = this.generation;
    const found = await lookup();
    if (found && generation === this.generation && this.database.notificationsLive()) {
      // Renewing a key makes no room: only a new one pushes the oldest out.
      this.entries.delete(key);
      if (this.entries.size >= SESSION_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { found, until: Math.min(this.now() + SESSION_CACHE_MS, found.expiresAt.getTime()) });
    }
    return found;
  }

  /**
   * `userId`'s sessions or user row changed (or is about to, in a transaction still open): dropped
   * here now. Every instance, this one too, drops them again when the change commits: migration
   * 0020's triggers send the notice from the change's own transaction, whoever made it.
   */
  changed(userId: string): void {
    this.drop(userId);
  }

  /** This instance's entries of `userId`. */
  drop(userId: string): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (entry.found.user.id === userId) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
