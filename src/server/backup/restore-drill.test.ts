import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freshPostgres } from "#tests/setup/app.ts";
import { runBackupCli } from "#tests/setup/backup-cli.ts";
import { callProcess as call, nextSundayMorning, PROCESS_APP_URL, publishOnProcess as publish, signUpOnProcess, startServerProcess } from "#tests/setup/server-process.ts";
import { startSmtp } from "#tests/setup/smtp.ts";
import { adminQuery, databaseUrl } from "#tests/setup/template-db.ts";

/*
 * The restore drill (issue 27 item 1), on the engine this run uses (embedded PGlite here,
 * PostgreSQL in CI's second pass): fill a real server, back it up with `npm run backup` while
 * writers are publishing, wipe (a new empty DATA_DIR or database), `npm run restore`, start again.
 * Every piece acknowledged before the backup began, every comment, like, account and setting is
 * back; the old session and password still sign in (the generated auth secret came along); the
 * weekly email already sent is not sent again.
 */

const PASSWORD = "a quiet room to write";
const WRITERS = 3;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A place for the data: a new DATA_DIR, and with PostgreSQL a new database (`empty`: not even migrated). */
async function place(empty: boolean): Promise<{ DATA_DIR: string; DATABASE_URL?: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), "inkwell-drill-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const pgUrl = process.env.DATABASE_URL;
  if (!pgUrl) return { DATA_DIR: dataDir };
  if (empty) {
    const name = `inkwell_drill_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(pgUrl, `CREATE DATABASE ${name}`);
    cleanups.push(() => adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(pgUrl, name) };
  }
  const fresh = await freshPostgres(pgUrl);
  await fresh.database.close();
  cleanups.push(fresh.drop);
  return { DATA_DIR: dataDir, DATABASE_URL: fresh.url };
}

const isWeekly = (m: { parsed: { subject?: string } }) => /The week's best/.test(m.parsed.subject ?? "");

describe("the restore drill", () => {
  it("brings back everything acknowledged before the backup, sign-in and the generated secret, and sends no weekly email twice", async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    // No AUTH_SECRET: the server generates one in DATA_DIR, and the backup must carry it.
    const common = { APP_URL: PROCESS_APP_URL, TEST_CLOCK: "true", SMTP_URL: smtp.url, AUTH_SECRET: "" };
    const source = { ...(await place(false)), ...common };
    let server = await startServerProcess(source);
    cleanups.push(() => void server.child.kill("SIGKILL"));

    // Fill: writers (confirmed, so the weekly reaches them), a piece, a comment, a like, a setting.
    const emails = Array.from({ length: WRITERS }, (_, i) => `drill-${i}-${Date.now()}@example.com`);
    const cookies: string[] = [];
    for (const email of emails) cookies.push(await signUpOnProcess(server, email.split("@")[0]!, email));
    for (const mail of await smtp.waitFor(WRITERS)) {
      const link = /https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(mail.parsed.text ?? "")![0];
      await fetch(`${server.url}${new URL(link).pathname}${new URL(link).search}`, { redirect: "manual" });
    }
    const first = await publish(server, cookies[0]!);
    expect((await call(server, `/api/community/pieces/${first}/comments`, { cookie: cookies[1]!, json: { content: "The gulls, yes." } })).res.status).toBe(201);
    expect((await fetch(`${server.url}/api/community/pieces/${first}/like`, { method: "PUT", headers: { origin: PROCESS_APP_URL, cookie: cookies[1]! } })).status).toBe(200);
    const prefs = await fetch(`${server.url}/api/me/notification-prefs`, {
      method: "PUT",
      headers: { origin: PROCESS_APP_URL, cookie: cookies[0]!, "content-type": "application/json" },
      body: JSON.stringify({ reminderHour: 7 }),
    });
    expect(prefs.status).toBe(200);
    // The weekly best-of goes out once to each writer.
    const sunday = nextSundayMorning();
    expect((await call(server, "/api/test/clock", { json: { setTo: sunday, runScheduled: true } })).res.status).toBe(200);
    const weeklyBefore = (await smtp.waitFor(WRITERS * 2)).filter(isWeekly).length;
    expect(weeklyBefore).toBe(WRITERS);

    // Back up while every writer keeps publishing; note when each publish was acknowledged.
    const acks: { id: string; at: number }[] = [];
    let publishing = true;
    const writers = cookies.map(async (cookie, w) => {
      for (let n = 0; publishing; n++) acks.push({ id: await publish(server, cookie, `Writer ${w}, piece ${n}: the tide came in.`, null), at: Date.now() });
    });
    while (acks.length < WRITERS) await new Promise((r) => setImmediate(r));
    const backupStart = Date.now();
    const file = join(source.DATA_DIR, "drill.zip");
    const backup = await runBackupCli(["backup", file], source);
    const backupEnd = Date.now();
    // A few more after the backup ended: they must not be in it.
    const countAtEnd = acks.length;
    while (acks.length < countAtEnd + WRITERS) await new Promise((r) => setImmediate(r));
    publishing = false;
    await Promise.all(writers);
    expect(backup.output).toMatch(/Backup written/);
    expect(backup.code).toBe(0);
    server.child.kill("SIGTERM");
    await server.exited;

    // A backup never lands on data that is there, unless told.
    const refused = await runBackupCli(["restore", file], source);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/already holds a database|is not empty/);

    // Wipe: a new, empty place; restore there and start.
    const target = { ...(await place(true)), ...common };
    const restored = await runBackupCli(["restore", file], target);
    expect(restored.output).toMatch(/Restored the backup/);
    expect(restored.code).toBe(0);
    server = await startServerProcess(target);

    // Every ack counted before the backup started was recorded before it (in the same millisecond, at most).
    const before = acks.filter((a) => a.at <= backupStart);
    const after = acks.filter((a) => a.at > backupEnd);
    expect(before.length).toBeGreaterThanOrEqual(WRITERS);
    for (const a of before) expect((await call(server, `/api/community/pieces/${a.id}`, { cookie: cookies[2]! })).res.status, `piece ${a.id} acknowledged before the backup`).toBe(200);
    for (const a of after) expect((await call(server, `/api/community/pieces/${a.id}`, { cookie: cookies[2]! })).res.status, `piece ${a.id} acknowledged after the backup`).toBe(404);
    const piece = (await call(server, `/api/community/pieces/${first}`, { cookie: cookies[1]! })).body!.piece as { content: string; likeCount: number; likedByMe: boolean };
    expect(piece).toMatchObject({ content: "The harbour at dawn, gulls over the water.", likeCount: 1, likedByMe: true });
    const comments = (await call(server, `/api/community/pieces/${first}/comments`)).body!.comments as { content: string }[];
    expect(comments.map((c) => c.content)).toEqual(["The gulls, yes."]);
    // The old session cookie still works (the auth secret came back), and so does the password.
    const mine = await call(server, "/api/me/notification-prefs", { cookie: cookies[0]! });
    expect(mine.res.status).toBe(200);
    expect((mine.body!.prefs as { reminderHour: number }).reminderHour).toBe(7);
    for (const email of emails) expect((await call(server, "/api/auth/sign-in/email", { json: { email, password: PASSWORD } })).res.status).toBe(200);

    // The same Sunday morning on the restored server: the weekly went out already, nobody gets it twice.
    expect((await call(server, "/api/test/clock", { json: { setTo: sunday, runScheduled: true } })).res.status).toBe(200);
    expect(smtp.received.filter(isWeekly).length).toBe(weeklyBefore);
  }, 180_000);
});
