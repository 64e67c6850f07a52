import { sql } from "drizzle-orm";
import type { Deps } from "../deps.ts";

/*
 * Circle events (issue 29 item 4) go only to members: each signed-in stream keeps the ids of its
 * writer's circles (at most MAX_CIRCLES_PER_WRITER, one indexed read: circle_members_user_idx),
 * read again after MEMBERSHIP_TTL_MS, so a writer who joins hears their new circle within that
 * time and one who leaves or is removed stops hearing it. An event keeps only the circle ids the
 * viewer is in: a member never learns which other circles a piece is shared with.
 */

const MEMBERSHIP_TTL_MS = 15_000;

export class ViewerCircles {
  private ids: Promise<ReadonlySet<string>> | null = null;
  private readAt = 0;

  constructor(
    private readonly deps: Deps,
    private readonly viewerId: string,
  ) {}

  private circles(): Promise<ReadonlySet<string>> {
    const now = Date.now();
    if (!this.ids || now - this.readAt > MEMBERSHIP_TTL_MS) {
      this.readAt = now;
      this.ids = this.deps.db
        .execute(sql`select circle_id from circle_members where user_id = ${this.viewerId}::uuid`)
        .then((r) => new Set((r as unknown as { rows: { circle_id: string }[] }).rows.map((row) => row.circle_id)));
      // A failed read is not kept: the next event asks again.
      this.ids.catch(() => (this.ids = null));
    }
    return this.ids;
  }

  /** The event's circles the viewer is in (empty: the event is not for them). */
  async mine(circleIds: readonly string[]): Promise<string[]> {
    const mine = await this.circles();
    return circleIds.filter((id) => mine.has(id));
  }
}
