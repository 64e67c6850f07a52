import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PromptSubmissionsPage, PublicPodium } from "#shared/schemas/admin.ts";
import type { CommunityFeedPage, PromptHistory } from "#shared/schemas/community.ts";
import { blocks, submissions, users } from "#server/db/schema/index.ts";
import { picksBetween } from "#server/modules/collections/best-pieces.query.ts";
import { visibleItemWriter } from "#server/modules/moderation/reports.service.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { canReadPiece, type Viewer } from "./audience.ts";

/*
 * Issue 25 item 1: one piece of each kind goes through every reader, and each reader shows
 * exactly what the audience rule says. The expected sets are written out here, not computed by
 * the rule under test.
 */

const KINDS = ["public", "private", "hidden", "trashed", "blockedWriter", "suspendedWriter"] as const;
type Kind = (typeof KINDS)[number];

let t: TestApp;
let writer: TestUser; // writes public, private, hidden and trashed
let blockedWriter: TestUser; // blocked by `reader`
let suspendedWriter: TestUser;
let reader: TestUser; // blocks `blockedWriter`
let liker: TestUser; // blocks no one
let admin: TestUser;
let promptId: string;
const ids = {} as Record<Kind, string>;
const start = new Date();

beforeAll(async () => {
  t = await createTestApp();
  [writer, blockedWriter, suspendedWriter, reader, liker, admin] = await Promise.all([
    createUser(t, { name: "Piece Writer" }),
    createUser(t, { name: "Blocked Writer" }),
    createUser(t, { name: "Suspended Writer" }),
    createUser(t, { name: "Reader Who Blocks" }),
    createUser(t, { name: "Liker" }),
    createUser(t, { name: "Audience Admin", admin: true }),
  ]);
  promptId = (await createPrompt(t)).id;
  const piece = async (by: TestUser, isPrivate = false) => (await createSubmission(t, by, { promptId, isPrivate, isFeatured: !isPrivate })).id;
  ids.public = await piece(writer);
  ids.private = await piece(writer, true);
  ids.hidden = await piece(writer);
  ids.trashed = await piece(writer);
  ids.blockedWriter = await piece(blockedWriter);
  ids.suspendedWriter = await piece(suspendedWriter);
  await t.deps.db.update(submissions).set({ hiddenAt: new Date(), hiddenReason: "Off topic", hiddenBy: admin.id }).where(eq(submissions.id, ids.hidden));
  expect((await t.request(`/api/submissions/${ids.trashed}`, { method: "DELETE", cookie: writer.cookie })).status).toBeLessThan(300);
  await t.deps.db.insert(blocks).values({ blockerId: reader.id, blockedId: blockedWriter.id, sourceId: ids.blockedWriter, label: "Blocked Writer", scope: "name" });
  await t.deps.db.update(users).set({ suspendedAt: new Date(), suspensionReason: "Cooling off" }).where(eq(users.id, suspendedWriter.id));
});
afterAll(async () => {
  await t?.close();
});

/** The kinds among `found` ids (other tests' pieces never share this file's app). */
const kindsOf = (found: string[]): Kind[] => KINDS.filter((k) => found.includes(ids[k]));

const viewers = () => ({ visitor: null, reader: reader.cookie, writer: writer.cookie, admin: admin.cookie }) as const;
type ViewerName = keyof ReturnType<typeof viewers>;

/** In lists (feeds, podium, RSS, emails, counts): public and not hidden, and not what the viewer blocks. */
const LISTED: Record<ViewerName, Kind[]> = {
  visitor: ["public", "blockedWriter", "suspendedWriter"],
  reader: ["public", "suspendedWriter"],
  writer: ["public", "blockedWriter", "suspendedWriter"],
  admin: ["public", "blockedWriter", "suspendedWriter"],
};

/** Opened by id: public; a hidden piece for its writer and admins; a private one only on its writer's own page. */
const OPENED: Record<ViewerName, Kind[]> = {
  visitor: ["public", "blockedWriter", "suspendedWriter"],
  reader: ["public", "blockedWriter", "suspendedWriter"],
  writer: ["public", "hidden", "blockedWriter", "suspendedWriter"],
  admin: ["public", "hidden", "blockedWriter", "suspendedWriter"],
};

describe("who may read a piece, through every reader", () => {
  it("the community feed (Recent, By Likes, Editor's Picks) lists exactly the listed kinds for each viewer", async () => {
    for (const [name, cookie] of Object.entries(viewers()) as [ViewerName, string | null][]) {
      for (const query of [`prompt=${promptId}`, `prompt=${promptId}&sort=liked`, `prompt=${promptId}&filter=featured`]) {
        const res = await t.json<CommunityFeedPage>(`/api/community/feed?${query}`, { cookie });
        expect(res.status).toBe(200);
        expect([name, query, kindsOf(res.body.items.map((i) => i.id))]).toEqual([name, query, LISTED[name]]);
      }
    }
  });

  it("the podium, the RSS feeds and the weekly collection list the same kinds", async () => {
    for (const [name, cookie] of Object.entries(viewers()) as [ViewerName, string | null][]) {
      const podium = await t.json<PublicPodium>("/api/podium", { cookie });
      expect([name, kindsOf(podium.body.picks.map((p) => p.id))]).toEqual([name, LISTED[name]]);
    }
    for (const path of ["/feeds/community.xml", "/feeds/picks.xml"]) {
      const xml = await (await t.request(path)).text();
      expect([path, KINDS.filter((k) => xml.includes(ids[k]))]).toEqual([path, LISTED.visitor]);
    }
    const end = new Date(Date.now() + 60_000);
    for (const [name, user] of [["reader", reader], ["writer", writer]] as const) {
      const picks = await picksBetween(t.deps.db, user.id, start, end, 10);
      expect([name, kindsOf(picks.map((p) => p.id))]).toEqual([name, LISTED[name]]);
    }
  });

  it("the prompt history counts the pieces every visitor may read", async () => {
    const res = await t.json<PromptHistory>("/api/community/prompts");
    expect(res.body.prompts.find((p) => p.id === promptId)?.responseCount).toBe(LISTED.visitor.length);
  });

  it("a piece's page, its comments and the writer's piece page open exactly the opened kinds", async () => {
    for (const [name, cookie] of Object.entries(viewers()) as [ViewerName, string | null][]) {
      for (const kind of KINDS) {
        const piece = (await t.json(`/api/community/pieces/${ids[kind]}`, { cookie })).status;
        const comments = (await t.json(`/api/community/pieces/${ids[kind]}/comments`, { cookie })).status;
        const page = (await t.json(`/api/submissions/${ids[kind]}`, { cookie })).status;
        const opened = OPENED[name].includes(kind);
        // The writer's own page opens their private piece too; the community never shows it.
        const pageOpens = opened || (name === "writer" && kind === "private");
        expect([name, kind, piece, comments, page]).toEqual([name, kind, opened ? 200 : 404, opened ? 200 : 404, pageOpens ? 200 : 404]);
      }
    }
  });

  it("likes and reports reach public pieces that are not hidden, and nothing else", async () => {
    const answered: Kind[] = ["public", "blockedWriter", "suspendedWriter"];
    for (const kind of KINDS) {
      expect([kind, (await visibleItemWriter(t.deps.db, "piece", ids[kind], liker.id)) !== null]).toEqual([kind, answered.includes(kind)]);
      const like = await t.json(`/api/community/pieces/${ids[kind]}/like`, { method: "PUT", cookie: liker.cookie });
      expect([kind, like.status]).toEqual([kind, answered.includes(kind) ? 200 : 404]);
    }
  });

  it("an admin's list of a prompt's pieces holds every public piece, hidden ones too", async () => {
    const res = await t.json<PromptSubmissionsPage>(`/api/admin/prompts/${promptId}/submissions`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(kindsOf(res.body.submissions.map((s) => s.id))).toEqual(["public", "hidden", "blockedWriter", "suspendedWriter"]);
  });
});

describe("canReadPiece (a row already read)", () => {
  const row = (o: { isPrivate?: boolean; hidden?: boolean }) => ({ userId: "w", isPrivate: o.isPrivate ?? false, hiddenAt: o.hidden ? new Date() : null });
  const cases: [string, Viewer][] = [
    ["visitor", { kind: "visitor" }],
    ["its writer", { kind: "writer", id: "w" }],
    ["another writer", { kind: "writer", id: "x" }],
    ["an admin", { kind: "admin", id: "a" }],
  ];
  it("opens a hidden piece only for its writer and admins, answers and moderates by audience alone, never a private piece", () => {
    const seen = cases.map(([name, v]) => [
      name,
      canReadPiece(v, row({}), "open"),
      canReadPiece(v, row({ hidden: true }), "open"),
      canReadPiece(v, row({ hidden: true }), "respond"),
      canReadPiece(v, row({ hidden: true }), "moderate"),
      canReadPiece(v, row({ isPrivate: true }), "open"),
    ]);
    expect(seen).toEqual([
      ["visitor", true, false, false, true, false],
      ["its writer", true, true, false, true, false],
      ["another writer", true, false, false, true, false],
      ["an admin", true, true, false, true, false],
    ]);
  });
});
