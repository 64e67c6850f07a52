import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freshPostgres } from "#tests/setup/app.ts";
import { callProcess as call, nextSundayMorning, PROCESS_APP_URL, publishOnProcess, signUpOnProcess, startServerProcess } from "#tests/setup/server-process.ts";
import { startSmtp } from "#tests/setup/smtp.ts";

/*
 * A real server process killed (SIGKILL) in the middle of sending the weekly best-of, then started
 * again on the same database: every writer gets exactly one weekly email — nobody twice, nobody
 * skipped. On the engine this run uses (embedded PGlite here, PostgreSQL in CI's second pass).
 */

const APP_URL = PROCESS_APP_URL;
const WRITERS = 24;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe("the weekly email across a crash", () => {
  it("reaches every writer exactly once when the server is killed mid-batch and restarted", async () => {
    // A slow SMTP server: the batch takes seconds, so the kill lands in the middle of it.
    const smtp = await startSmtp({ acceptDelayMs: 120 });
    cleanups.push(() => smtp.close());
    let env: Record<string, string>;
    const pgUrl = process.env.DATABASE_URL;
    if (pgUrl) {
      const fresh = await freshPostgres(pgUrl);
      await fresh.database.close();
      cleanups.push(fresh.drop);
      env = { DATABASE_URL: fresh.url };
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), "inkwell-weekly-crash-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir };
    }
    env = { ...env, APP_URL, TEST_CLOCK: "true", SMTP_URL: smtp.url, AUTH_SECRET: "weekly-crash-secret-weekly-crash-secret-0123" };
    let server = await startServerProcess(env);
    cleanups.push(() => void server.child.kill("SIGKILL"));

    const emails = Array.from({ length: WRITERS }, (_, i) => `weekly-crash-${i}-${Date.now()}@example.com`);
    const cookies: string[] = [];
    for (const email of emails) cookies.push(await signUpOnProcess(server, email.split("@")[0]!, email));
    await publishOnProcess(server, cookies[0]!);
    const isWeekly = (m: { parsed: { subject?: string } }) => /The week's best/.test(m.parsed.subject ?? "");
    // Every writer confirms their address from the confirmation email (the weekly goes to confirmed addresses only).
    for (const mail of await smtp.waitFor(WRITERS)) {
      const link = /https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(mail.parsed.text ?? "")![0];
      const res = await fetch(`${server.url}${new URL(link).pathname}${new URL(link).search}`, { redirect: "manual" });
      expect([200, 302]).toContain(res.status);
    }

    const sunday = nextSundayMorning();
    // Not awaited: the answer comes when every weekly mail is out, and the server dies before that.
    void call(server, "/api/test/clock", { json: { setTo: sunday, runScheduled: true } }).catch(() => undefined);
    // Killed while the seventh weekly mail is in the SMTP server's hands, not yet accepted: six went
    // out and were recorded (one job at a time), one is lost with the process, the rest wait.
    smtp.holdFrom(WRITERS + 7);
    await smtp.waitForHeld(WRITERS + 7, 60_000);
    server.child.kill("SIGKILL");
    await server.exited;
    await smtp.clientsGone();
    smtp.release();
    const beforeRestart = smtp.received.filter(isWeekly).length;
    expect(beforeRestart).toBe(6);

    server = await startServerProcess(env);
    // The same Sunday morning again on the new process; the tick plans again and the lost jobs come back.
    const { res } = await call(server, "/api/test/clock", { json: { setTo: sunday, runScheduled: true } });
    expect(res.status).toBe(200);
    const weekly = (await smtp.waitFor(WRITERS * 2, 60_000)).filter(isWeekly);
    const perWriter = new Map<string, number>();
    for (const m of weekly) perWriter.set(m.to, (perWriter.get(m.to) ?? 0) + 1);
    expect([...perWriter.keys()].sort()).toEqual([...emails].sort());
    const twice = [...perWriter].filter(([, n]) => n !== 1);
    expect(twice, `before restart ${beforeRestart}; ids ${weekly.filter((m) => twice.some(([to]) => to === m.to)).map((m) => m.parsed.messageId).join(" ")}`).toEqual([]);
  }, 180_000);
});
