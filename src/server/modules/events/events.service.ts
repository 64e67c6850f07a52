import { max, min } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { events } from "../../db/schema/index.ts";

/** The newest event id, sent to a new live client so its reconnects can resume from there. */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(events.id) }).from(events);
  return row?.id ?? 0;
}

/** The oldest event id still kept (events are pruned after a day); null when there are none. */
export async function oldestEventId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: min(events.id) }).from(events);
  return row?.id ?? null;
}
