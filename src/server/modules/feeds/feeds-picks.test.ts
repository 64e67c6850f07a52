import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSubmission, createUser } from "#tests/factories.ts";
import { APP_URL } from "#tests/setup/app.ts";
import { admin, setupAdminTests, t, writer } from "../admin/admin.test-setup.ts";
import { FEED_MEMORY_MS } from "./feeds.cache.ts";
import { communityEntriesQuery, FEED_ENTRIES_LIMIT, picksEntriesQuery } from "./feeds.query.ts";
import { liveEventsDelivered } from "#tests/setup/live-events.ts";
import { entriesOf, parseXml, readFeed } from "./feeds.test-helpers.ts";

// The community and podium pages' <head> is written by the server into the client's shell.
setupAdminTests({ withClientShell: true });

const pieceUrl = (id: string) => `${APP_URL}/submission/${id}`;
const feature = (id: string, isFeatured = true) =>
  t.request(`/api/admin/submissions/${id}/featured`, { method: "PUT", json: { isFeatured }, cookie: admin.cookie });

describe("GET /feeds/picks.xml", () => {
  it("holds only the picks, most recently picked first, dated when picked; an alias pick never names its writer", async () => {
    const masked = await createUser(t, { name: "Picked Realname", alias: "Heron" });
    const first = await createSubmission(t, masked, { submissionType: "alias", title: "First pick" });
    const second = await createSubmission(t, writer, { title: "Second pick" });
    const plain = await createSubmission(t, writer, { title: "Not a pick" });
    t.deps.testClock!.set(new Date("2044-05-01T09:00:00Z"));
    expect((await feature(first.id)).status).toBe(200);
    t.deps.testClock!.set(new Date("2044-05-02T09:00:00Z"));
    expect((await feature(second.id)).status).toBe(200);

    const { res, xml, entries } = await readFeed(t, "picks");
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(xml).toContain(`<link rel="self" href="${APP_URL}/feeds/picks.xml"/>`);
    // The feed's own author is the site: an empty feed is valid Atom too.
    expect(xml).toMatch(/<feed[^>]*>[\s\S]*?<author>\s*<name>inkwell<\/name>\s*<\/author>[\s\S]*?<entry>/);
    expect(entries.map((e) => e.id).slice(0, 2)).toEqual([pieceUrl(second.id), pieceUrl(first.id)]);
    expect(entries[1]).toMatchObject({ title: "First pick", author: "Heron", published: first.createdAt.toISOString() });
    expect(entries[1]!.updated).toMatch(/^2044-05-01T09:00:0\d\.\d{3}Z$/);
    expect(xml).not.toContain(plain.id);
    expect(xml).not.toContain("Picked Realname");

    // Unfeatured, hidden: gone (the live events drop the cached feed, no waiting).
    expect((await feature(second.id, false)).status).toBe(200);
    expect((await t.request(`/api/admin/moderation/piece/${first.id}/hide`, { json: { reason: "spam" }, cookie: admin.cookie })).status).toBe(200);
    const after = await t.request("/feeds/picks.xml");
    const text = await after.text();
    expect(text).not.toContain(second.id);
    expect(text).not.toContain(first.id);
  });
});

describe("feed caching", () => {
  it("reads the database once while fresh, yet a live event shows at once on this instance", async () => {
    // The previous test's events may still be on their way here (PostgreSQL delivers them after commit).
    await liveEventsDelivered(t);
    await readFeed(t, "community");
    const direct = await createSubmission(t, writer, { content: "made without an event" });
    // Still the cached feed: a reader polling does not read the database.
    expect(await (await t.request("/feeds/community.xml")).text()).not.toContain(direct.id);
    // After FEED_MEMORY_MS it is read again.
    t.deps.testClock!.advance(FEED_MEMORY_MS);
    expect(await (await t.request("/feeds/community.xml")).text()).toContain(direct.id);

    // A change that comes with a live event (here piece:controls, a content warning) drops it at once.
    const patched = await t.request(`/api/submissions/${direct.id}/controls`, { method: "PATCH", json: { contentWarning: "storms" }, cookie: writer.cookie });
    expect(patched.status).toBe(200);
    const entry = entriesOf(parseXml(await (await t.request("/feeds/community.xml")).text())).find((e) => e.id === pieceUrl(direct.id));
    expect(entry?.html).toContain("Content warning: storms");
  });
});

describe("bounds and indexes", () => {
  it("holds the newest 50 pieces, no more", async () => {
    const base = Date.now() - 3_600_000;
    const ids: string[] = [];
    for (let i = 0; i < FEED_ENTRIES_LIMIT + 3; i++) ids.push((await createSubmission(t, writer, { createdAt: new Date(base + i * 1000) })).id);
    const { entries } = await readFeed(t, "community");
    expect(entries).toHaveLength(FEED_ENTRIES_LIMIT);
  });

  it("reads each feed straight from its index, in the index's order, stopping at the limit", async () => {
    const plans: Record<string, string> = {};
    for (const [name, query, index] of [
      ["community", communityEntriesQuery, "submissions_public_created_idx"],
      ["picks", picksEntriesQuery, "submissions_featured_idx"],
    ] as const) {
      plans[name] = await t.deps.db.transaction(async (tx) => {
        // The test tables are tiny: without this the planner would rightly prefer to scan and sort
        // them. Forbidding those shows whether an index can give the rows in the feed's order.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const res = (await tx.execute(sql`explain ${query(tx)}`)) as unknown as { rows: Record<string, string>[] };
        return res.rows.map((r) => Object.values(r)[0]).join("\n");
      });
      expect(plans[name]).toMatch(/^Limit/);
      expect(plans[name]).toContain(`Index Scan using ${index} on submissions`);
      expect(plans[name], plans[name]).not.toMatch(/\bSort\b/);
    }
  });
});

describe("<link rel=alternate> on the pages that have a feed", () => {
  it("is in the community page's and the podium's head, and on no other page", async () => {
    const community = await (await t.request("/community")).text();
    expect(community).toContain(`<link rel="alternate" type="application/atom+xml" title="Community · inkwell" href="${APP_URL}/feeds/community.xml">`);
    const podium = await (await t.request("/podium")).text();
    expect(podium).toContain(`<link rel="alternate" type="application/atom+xml" title="Editors&#39; Picks · inkwell" href="${APP_URL}/feeds/picks.xml">`);
    expect(await (await t.request("/")).text()).not.toContain("application/atom+xml");
  });
});
