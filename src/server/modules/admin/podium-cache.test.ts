import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { PublicPodium } from "#shared/schemas/admin.ts";
import { submissions } from "#server/db/schema/index.ts";
import { createSubmission } from "#tests/factories.ts";
import { liveEventsDelivered } from "#tests/setup/live-events.ts";
import { admin, setupAdminTests, t, writer } from "./admin.test-setup.ts";
import { PODIUM_CACHE_MAX_AGE_MS, podiumCacheOf } from "./podium-cache.ts";

/*
 * A visitor's podium comes from the instance's cache (issue 28 item 3), and is never older than
 * the last event that can change it: each check reads it (so it is kept), acts, and reads again.
 * A change made behind the app's back (SQL, no event) shows that a read was the cache's.
 */
setupAdminTests();

const podium = async (cookie: string | null = null) => {
  const res = await t.json<PublicPodium>("/api/podium", { cookie });
  expect(res.status).toBe(200);
  return res.body.picks;
};
const feature = async (id: string, isFeatured: boolean) =>
  expect((await t.request(`/api/admin/submissions/${id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured } })).status).toBe(200);
/**
 * Until the podium is answered from the cache: on PostgreSQL an instance keeps nothing while its own
 * last event is between its commit and its NOTIFY, so the first read after a pick may not be kept.
 * Every event so far is delivered first: one recorded before the cache first subscribed held
 * nothing, and landing after the check it would drop what the check saw kept.
 */
const kept = async () => {
  await liveEventsDelivered(t);
  await vi.waitFor(async () => {
    const cache = podiumCacheOf(t.deps);
    const before = cache.hits;
    await podium();
    expect(cache.hits).toBe(before + 1);
  }, { timeout: 5_000 });
};
/** Retitles a piece in the database alone: no event, so only a fresh read shows it. */
const retitleQuietly = (id: string, title: string) => t.deps.db.update(submissions).set({ title }).where(eq(submissions.id, id));

describe("the visitor's podium cache", () => {
  it("answers a visitor from the cache until a pick changes, then at once from the database", async () => {
    const piece = await createSubmission(t, writer, { title: "Harbour" });
    await feature(piece.id, true);
    expect((await podium()).find((p) => p.id === piece.id)?.title).toBe("Harbour");
    await kept();
    const cache = podiumCacheOf(t.deps);
    const hits = cache.hits;
    await retitleQuietly(piece.id, "Harbour, quietly");
    // Kept: the quiet change is not seen, and the answer was the cache's.
    expect((await podium()).find((p) => p.id === piece.id)?.title).toBe("Harbour");
    expect(cache.hits).toBe(hits + 1);
    // A signed-in reader's podium is read for them (it leaves out whom they block).
    expect((await podium(writer.cookie)).find((p) => p.id === piece.id)?.title).toBe("Harbour, quietly");

    // Another pick: an event, and the visitor sees the podium as it is.
    const second = await createSubmission(t, writer, { title: "Lighthouse" });
    await feature(second.id, true);
    const after = await podium();
    expect(after[0]?.id).toBe(second.id);
    expect(after.find((p) => p.id === piece.id)?.title).toBe("Harbour, quietly");
    await feature(second.id, false);
    expect((await podium()).some((p) => p.id === second.id)).toBe(false);
  });

  it("a pick deleted by its writer or hidden by an admin leaves it at once", async () => {
    const gone = await createSubmission(t, writer, { title: "Soon gone" });
    const hidden = await createSubmission(t, writer, { title: "Soon hidden" });
    for (const p of [gone, hidden]) await feature(p.id, true);
    const ids = async () => (await podium()).map((p) => p.id);
    expect(await ids()).toEqual(expect.arrayContaining([gone.id, hidden.id]));
    // Each check starts from a kept podium, or it would pass without the events.
    await kept();
    expect((await t.request(`/api/submissions/${gone.id}`, { method: "DELETE", cookie: writer.cookie })).status).toBe(200);
    expect(await ids()).not.toContain(gone.id);
    await kept();
    const hide = await t.request(`/api/admin/moderation/piece/${hidden.id}/hide`, { method: "POST", cookie: admin.cookie, json: { reason: "Off-topic" } });
    expect(hide.status, await hide.text()).toBe(200);
    expect(await ids()).not.toContain(hidden.id);
  });

  it("what comes without an event (a writer renaming themselves, here a change by SQL) is read again after the cache's age at most", async () => {
    const piece = await createSubmission(t, writer, { title: "Renamed later" });
    await feature(piece.id, true);
    await kept();
    await retitleQuietly(piece.id, "Renamed later, quietly");
    t.deps.testClock!.advance(PODIUM_CACHE_MAX_AGE_MS + 1);
    expect((await podium()).find((p) => p.id === piece.id)?.title).toBe("Renamed later, quietly");
  });
});
