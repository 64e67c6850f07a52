import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_USERS_PAGE_SIZE } from "#shared/constants.ts";
import { ADMIN_MESSAGES } from "#shared/schemas/admin.ts";
import { notDeletedWriter } from "#server/db/deleted-writer.ts";
import { users } from "#server/db/schema/index.ts";
import { createPrompt, createSubmission, createUser } from "#tests/factories.ts";
import { admin, setupAdminTests, t, ZERO_UUID, type Body } from "./admin.test-setup.ts";

setupAdminTests();

type UserList = { users: { id: string; name: string; alias: string | null; email: string }[]; nextCursor: string | null };
type UserDetail = {
  user: { email: string; alias: string | null; location: string | null; age: number | null; createdAt: string };
  total: number;
  submissions: { id: string; isPrivate: boolean; title: string | null; content: string | null; wordCount: number; submissionType: string; prompt: { text: string } }[];
};

describe("user database", () => {
  it("searches name, alias and email, case-insensitively, treating % and _ literally", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const a = await createUser(t, { name: `Ada ${tag}Lovelace` });
    const b = await createUser(t, { name: "Someone", alias: `The ${tag.toUpperCase()} Pen` });
    const c = await createUser(t, { name: "Third", email: `${tag}.third@example.com` });
    const res = await t.json<UserList>(`/api/admin/users?q=${tag.toUpperCase()}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.users.map((u) => u.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(res.body.users.find((u) => u.id === b.id)).toMatchObject({ name: "Someone", alias: `The ${tag.toUpperCase()} Pen` });
    const percent = await t.json<UserList>(`/api/admin/users?q=${encodeURIComponent("%")}`, { cookie: admin.cookie });
    expect(percent.body.users).toEqual([]);
    const none = await t.json<UserList>(`/api/admin/users?q=nobody-by-this-name-${tag}`, { cookie: admin.cookie });
    expect(none.body.users).toEqual([]);
  });

  it("pages writers newest first without repeats", async () => {
    for (let i = 0; i < 8; i++) await createUser(t, { name: `Pager ${i}` });
    await t.deps.db.insert(users).values(
      Array.from({ length: ADMIN_USERS_PAGE_SIZE }, (_, i) => ({
        email: `bulk-${i}-${Date.now()}@example.com`,
        name: `Bulk ${i}`,
        createdAt: new Date(Date.parse("2020-01-01T00:00:00Z") + Math.floor(i / 3) * 1000),
      })),
    );
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { body: UserList } = await t.json<UserList>(`/api/admin/users${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, { cookie: admin.cookie });
      for (const u of page.body.users) {
        expect(seen.has(u.id)).toBe(false);
        seen.add(u.id);
      }
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    // Every writer but the shared deleted writer of kept Anonymous pieces (issue 15 item 5), who is nobody.
    expect(seen.size).toBe(await t.deps.db.$count(users, notDeletedWriter(users.id)));
    expect(pages).toBeGreaterThan(1);
  });

  it("shows a writer's details and pieces; a private piece shows that it exists, never its words", async () => {
    const u = await createUser(t, { name: "Detail Writer", alias: "Quill" });
    await t.deps.db.update(users).set({ location: "Lisbon", age: 34 }).where(eq(users.id, u.id));
    const p = await createPrompt(t, { date: "2044-05-05", text: "A small prompt" });
    await createSubmission(t, u, { promptId: p.id, submissionType: "alias", content: "public words here", createdAt: new Date("2044-05-05T10:00:00Z") });
    await createSubmission(t, u, { promptId: p.id, isPrivate: true, title: "Secret title", content: "private words never shown", createdAt: new Date("2044-05-05T11:00:00Z") });
    const res = await t.json<UserDetail>(`/api/admin/users/${u.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: u.email, alias: "Quill", location: "Lisbon", age: 34 });
    expect(res.body.total).toBe(2);
    expect(res.body.submissions[0]).toMatchObject({ isPrivate: true, title: null, content: null, wordCount: 4, prompt: { text: "A small prompt" } });
    expect(res.body.submissions[1]).toMatchObject({ isPrivate: false, content: "public words here", submissionType: "alias" });
    expect(JSON.stringify(res.body)).not.toContain("private words");
    expect(JSON.stringify(res.body)).not.toContain("Secret title");
  });

  it("answers 404 for an unknown writer and 422 for an overlong search", async () => {
    const res = await t.json<Body>(`/api/admin/users/${ZERO_UUID}`, { cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ADMIN_MESSAGES.userNotFound);
    const badId = await t.json<Body>(`/api/admin/users/not-a-uuid`, { cookie: admin.cookie });
    expect(badId.status).toBe(404);
    expect(badId.body.message).toBe(ADMIN_MESSAGES.userNotFound);
    const long = await t.json<Body>(`/api/admin/users?q=${"a".repeat(101)}`, { cookie: admin.cookie });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(ADMIN_MESSAGES.searchTooLong);
  });
});
