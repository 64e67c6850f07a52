import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATIONS_EVENT } from "#shared/schemas/events.ts";
import { APP_URL, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { signUpOn, twoInstances } from "#tests/setup/instances.ts";
import { SseReader, type SseMessage } from "#tests/setup/sse-reader.ts";

/* The unread count, live, to its writer's own streams only, on every instance (issue 14 item 6). */

let t: TestApp;
let writer: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [writer, reader] = await Promise.all([createUser(t, { name: "Live Writer" }), createUser(t, { name: "Live Reader", alias: "Wren" })]);
});
afterAll(async () => {
  await t?.close();
});

const unreadIs = (n: number) => (m: SseMessage) => m.event === NOTIFICATIONS_EVENT && JSON.parse(m.data).unread === n;

async function stream(cookie: string | null) {
  const sse = new SseReader(await t.request("/api/events", { cookie }));
  await sse.next((m) => m.event === "ready");
  return sse;
}

describe("the notifications event", () => {
  it("brings the writer's unread count to each of their streams, and to no one else's; read-all in one tab sends 0 to the other", async () => {
    const piece = await createSubmission(t, writer, { promptId: (await createPrompt(t, { date: "2004-02-02" })).id, title: "Harbour" });
    const [tabOne, tabTwo, readers, visitors] = [await stream(writer.cookie), await stream(writer.cookie), await stream(reader.cookie), await stream(null)];

    const posted = await t.json(`/api/community/pieces/${piece.id}/comments`, { cookie: reader.cookie, json: { content: "Secret words" } });
    expect(posted.status).toBe(201);
    const event = await tabOne.next(unreadIs(1));
    // The count only: no content, no id to resume from.
    expect(JSON.parse(event.data)).toEqual({ unread: 1 });
    expect(event.id).toBeUndefined();
    await tabTwo.next(unreadIs(1));
    // The public comment event reached the others; the private one did not.
    await readers.next((m) => m.event === "piece:commented");
    await visitors.next((m) => m.event === "piece:commented");

    const marked = await t.json<{ unread: number }>("/api/notifications/read-all", { method: "POST", cookie: writer.cookie });
    expect(marked.body.unread).toBe(0);
    await tabOne.next(unreadIs(0));
    await tabTwo.next(unreadIs(0));
    // A later public event shows the other streams have caught up: none carried a count.
    await t.json(`/api/community/pieces/${piece.id}/like`, { method: "PUT", cookie: reader.cookie });
    await readers.next((m) => m.event === "piece:liked");
    await visitors.next((m) => m.event === "piece:liked");
    for (const other of [readers, visitors]) expect(other.seen.filter((m) => m.event === NOTIFICATIONS_EVENT)).toEqual([]);
    for (const s of [tabOne, tabTwo, readers, visitors]) await s.close();
  });
});

describe("two app instances on one PostgreSQL", () => {
  // Needs a real PostgreSQL server (CI's second API pass sets DATABASE_URL); skipped on PGlite.
  it.skipIf(!process.env.DATABASE_URL)("a comment made through instance A reaches the writer's stream on instance B, and so does read-all", async () => {
    const { appA, appB, depsA, close } = await twoInstances(process.env.DATABASE_URL!);
    try {
      const headers = { origin: APP_URL, "content-type": "application/json" };
      const signUp = (name: string) => signUpOn(appA, name);
      const [owner, commenter] = [await signUp("Instance Owner"), await signUp("Instance Commenter")];
      const piece = await createSubmission({ deps: depsA } as TestApp, owner, { promptId: (await createPrompt({ deps: depsA } as TestApp, { date: "2004-03-03" })).id });
      const onB = new SseReader(await appB.request("/api/events", { headers: { cookie: owner.cookie } }));
      await onB.next((m) => m.event === "ready");

      const posted = await appA.request(`/api/community/pieces/${piece.id}/comments`, { method: "POST", headers: { ...headers, cookie: commenter.cookie }, body: JSON.stringify({ content: "hi" }) });
      expect(posted.status).toBe(201);
      await onB.next(unreadIs(1), 10_000);
      const marked = await appA.request("/api/notifications/read-all", { method: "POST", headers: { origin: APP_URL, cookie: owner.cookie } });
      expect(marked.status).toBe(200);
      await onB.next(unreadIs(0), 10_000);
      await onB.close();
    } finally {
      await close();
    }
  });
});
