import PgBoss from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import type { CommentList, CommunityPieceDetail } from "#shared/schemas/community.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { createTestApp, freshPglite, freshPostgres, testAppOf, type TestApp } from "#tests/setup/app.ts";
import { createApp } from "../app.ts";
import { createDeps } from "../create-deps.ts";
import { JOBS_SCHEMA } from "../jobs/queue.ts";
import { submissionCounts } from "../modules/admin/admin.shared.ts";
import type { Database } from "./client.ts";
import { copyDatabase, CopyRefusedError } from "./copy-database.ts";

/*
 * Moving from the embedded database to PostgreSQL (issue 27 item 4, `npm run copy-to-postgres`):
 * everything a writer and an admin left in the embedded database is there on the target, which then
 * serves as the app's database. The target is a PostgreSQL database in CI's PostgreSQL pass
 * (DATABASE_URL), another embedded one otherwise: the copy is the same SQL either way.
 */

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function emptyTarget(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return freshPglite();
  const { database, drop } = await freshPostgres(url);
  closers.push(drop);
  return database;
}

/** The app, on the copied database. */
async function appOn(database: Database, source: TestApp): Promise<TestApp> {
  const deps = await createDeps({ ...source.deps.env, DATABASE_URL: undefined }, { inMemory: true, database });
  const app = testAppOf(createApp(deps), deps, source.mailDir, () => deps.stop());
  closers.push(() => app.close());
  return app;
}

describe("copying the embedded database to another database", () => {
  it("brings every account, piece, comment, like, setting and waiting job, and the app runs on the copy", async () => {
    const source = await createTestApp({}, { engine: "pglite" });
    closers.push(() => source.close());
    const writer = await createUser(source, { name: "Copied Writer", alias: "Wren" });
    const reader = await createUser(source, { name: "Copied Reader" });
    const piece = await createSubmission(source, writer, { content: "Words that move house intact: 'quotes', \"doubles\", émigré ✍️.", submissionType: "alias" });
    const kept = await createSubmission(source, writer, { content: "A private piece.", isPrivate: true });
    expect((await source.json(`/api/community/pieces/${piece.id}/comments`, { cookie: reader.cookie, json: { content: "A comment that comes along" } })).status).toBe(201);
    expect((await source.json(`/api/community/pieces/${piece.id}/like`, { method: "PUT", cookie: reader.cookie })).status).toBeLessThan(300);
    const prefs = { weekly: false, monthly: true, reminder: true, reminderHour: 7, digest: "daily", timeZone: "UTC", reminderOffered: true };
    const saved = await source.json("/api/me/notification-prefs", { method: "PUT", cookie: writer.cookie, json: prefs });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const queue = source.deps.jobs.names[0]!;
    expect(await source.deps.jobs.send(queue, { copied: true }, { key: "copy-test", startAfter: new Date(Date.now() + 86_400_000) })).toBe(true);

    const target = await emptyTarget();
    const copied = await copyDatabase(source.deps.database, target, PgBoss.getConstructionPlans(JOBS_SCHEMA));
    expect(copied.find((c) => c.table === "submissions")?.rows).toBe(2);
    // The two writers, and the shared "deleted writer" account the migrations make.
    expect(copied.find((c) => c.table === "users")?.rows).toBe(3);

    // A second copy into a database that has writers now is refused, and changes nothing.
    await expect(copyDatabase(source.deps.database, target, PgBoss.getConstructionPlans(JOBS_SCHEMA))).rejects.toBeInstanceOf(CopyRefusedError);

    const copy = await appOn(target, source);
    // The old password signs in on the copy.
    const signIn = await copy.request("/api/auth/sign-in/email", { json: { email: writer.email, password: writer.password } });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    // The old session cookie still works (the sessions came along).
    const detail = await copy.json<{ piece: CommunityPieceDetail }>(`/api/community/pieces/${piece.id}`, { cookie: reader.cookie });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.piece.content).toBe("Words that move house intact: 'quotes', \"doubles\", émigré ✍️.");
    expect(detail.body.piece.likeCount).toBe(1);
    expect(JSON.stringify(detail.body)).not.toContain("Copied Writer");
    const comments = await copy.json<CommentList>(`/api/community/pieces/${piece.id}/comments`);
    expect(comments.body.comments.map((c) => c.content)).toEqual(["A comment that comes along"]);
    expect((await copy.json(`/api/community/pieces/${kept.id}`)).status).toBe(404);
    // Pieces per prompt are made again by the copy's own triggers, not copied on top of them.
    expect((await submissionCounts(copy.deps.db, [piece.promptId], true)).get(piece.promptId)).toBe(1);
    expect(JSON.stringify((await copy.json("/api/me/notification-prefs", { cookie: writer.cookie })).body)).toContain('"reminderHour":7');
    // The waiting job is in the copy's queue, in its queue's partition.
    const { rows } = await target.sql(`select name, data from ${JOBS_SCHEMA}.job where name = $1 and data->>'copied' = 'true'`, [queue]);
    expect(rows).toHaveLength(1);
    // New rows after the copy: an account, and an event (events' ids come from a sequence).
    const newcomer = await createUser(copy, { name: "After The Move" });
    expect((await copy.json(`/api/community/pieces/${piece.id}/like`, { method: "PUT", cookie: newcomer.cookie })).status).toBeLessThan(300);
    expect((await copy.json<{ piece: CommunityPieceDetail }>(`/api/community/pieces/${piece.id}`)).body.piece.likeCount).toBe(2);
  }, 180_000);
});
