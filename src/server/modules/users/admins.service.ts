import { eq, inArray, sql } from "drizzle-orm";
import { ADMIN_CACHE_MS } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { admins, users } from "../../db/schema/index.ts";
import { logError } from "../../log.ts";

/**
 * Admin status lives in the admins table. Checks are cached for at most five minutes per user
 * (spec §6); a failed check means "not admin". Grants and revokes clear the cache at once.
 */
export class AdminDirectory {
  private cache = new Map<string, { isAdmin: boolean; at: number }>();

  constructor(private readonly db: Db) {}

  async isAdmin(userId: string): Promise<boolean> {
    const hit = this.cache.get(userId);
    const now = Date.now();
    if (hit && now - hit.at < ADMIN_CACHE_MS) return hit.isAdmin;
    try {
      const rows = await this.db.select({ userId: admins.userId }).from(admins).where(eq(admins.userId, userId)).limit(1);
      const isAdmin = rows.length > 0;
      this.cache.set(userId, { isAdmin, at: now });
      return isAdmin;
    } catch (err) {
      logError("admin check failed", err);
      return false;
    }
  }

  forget(userId?: string): void {
    if (userId) this.cache.delete(userId);
    else this.cache.clear();
  }

  async grantByEmail(email: string): Promise<{ userId: string; granted: boolean } | null> {
    const user = await findUserByEmail(this.db, email);
    if (!user) return null;
    const inserted = await this.db.insert(admins).values({ userId: user.id }).onConflictDoNothing().returning();
    this.forget(user.id);
    return { userId: user.id, granted: inserted.length > 0 };
  }

  async revokeByEmail(email: string): Promise<{ userId: string; revoked: boolean } | null> {
    const user = await findUserByEmail(this.db, email);
    if (!user) return null;
    const deleted = await this.db.delete(admins).where(eq(admins.userId, user.id)).returning();
    this.forget(user.id);
    return { userId: user.id, revoked: deleted.length > 0 };
  }

  async list(): Promise<{ email: string; name: string; since: Date }[]> {
    return this.db
      .select({ email: users.email, name: users.name, since: admins.createdAt })
      .from(admins)
      .innerJoin(users, eq(users.id, admins.userId))
      .orderBy(admins.createdAt)
      .limit(1000);
  }

  /**
   * ADMIN_EMAILS at boot: accounts that exist and have confirmed their address become admins.
   * An unconfirmed account waits for its confirmation link (a stranger could have registered it).
   */
  async grantConfiguredAtBoot(emails: string[]): Promise<string[]> {
    if (emails.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id, email: users.email, verified: users.emailVerified })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails));
    const granted: string[] = [];
    for (const row of rows) {
      if (!row.verified) continue;
      const ins = await this.db.insert(admins).values({ userId: row.id }).onConflictDoNothing().returning();
      if (ins.length) granted.push(row.email);
    }
    this.forget();
    return granted;
  }
}

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}
