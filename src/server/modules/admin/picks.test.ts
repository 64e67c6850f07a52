import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "#shared/schemas/admin.ts";
import { events, submissions } from "#server/db/schema/index.ts";
import { createPrompt, createSubmission, createUser } from "#tests/factories.ts";
import { admin, setupAdminTests, t, writer, ZERO_UUID, type Body } from "./admin.test-setup.ts";

// The podium page's own <head> is written by the server into the client's shell.
setupAdminTests({ withClientShell: true });

type Podium = { total: number; picks: { id: string; authorLabel: string; content?: string; excerpt?: string; featuredAt: string; prompt: { text: string } }[] };

describe("Editor's Picks", () => {
  it("features a public piece, announces it live, and shows it on both podiums; removing takes it off", async () => {
    const p = await createPrompt(t, { date: "2042-01-01", text: "**LARGE:Rivers**" });
    const author = await createUser(t, { name: "River Writer", alias: "Brook" });
    const piece = await createSubmission(t, author, { promptId: p.id, submissionType: "alias", content: "Water *moves* " + "word ".repeat(120) });
    t.deps.testClock!.set(new Date("2042-01-02T09:00:00Z"));

    const res = await t.json<{ submission: { id: string; isFeatured: boolean; featuredAt: string } }>(`/api/admin/submissions/${piece.id}/featured`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { isFeatured: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.submission).toMatchObject({ id: piece.id, isFeatured: true });
    expect(res.body.submission.featuredAt).toMatch(/^2042-01-02T09:00:0/);
    const announced = await t.deps.db.select().from(events).where(eq(events.type, "piece:featured"));
    expect(announced.at(-1)!.payload).toEqual({ id: piece.id, isFeatured: true });

    const adminView = await t.json<Podium>("/api/admin/podium", { cookie: admin.cookie });
    expect(adminView.body.total).toBeGreaterThanOrEqual(1);
    expect(adminView.body.picks[0]).toMatchObject({ id: piece.id, authorLabel: "Brook", prompt: { text: "**LARGE:Rivers**" } });
    expect(adminView.body.picks[0]!.content).toContain("Water *moves*");

    const publicView = await t.json<Podium>("/api/podium");
    expect(publicView.status).toBe(200);
    const pick = publicView.body.picks.find((x) => x.id === piece.id)!;
    expect(pick).toMatchObject({ authorLabel: "Brook" });
    expect(pick.content).toBeUndefined();
    expect(pick.excerpt!.startsWith("Water moves")).toBe(true);
    expect(pick.excerpt!.length).toBeLessThanOrEqual(280);
    // An alias-signed pick never reveals who wrote it.
    expect(JSON.stringify(publicView.body)).not.toContain("River Writer");
    expect(JSON.stringify(publicView.body)).not.toContain(author.email);
    expect(JSON.stringify(publicView.body)).not.toContain(author.id);

    const off = await t.json<{ submission: { isFeatured: boolean; featuredAt: null } }>(`/api/admin/submissions/${piece.id}/featured`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { isFeatured: false },
    });
    expect(off.body.submission).toMatchObject({ isFeatured: false, featuredAt: null });
    const after = await t.json<Podium>("/api/podium");
    expect(after.body.picks.some((x) => x.id === piece.id)).toBe(false);
  });

  it("orders the podium by when pieces were picked, newest first", async () => {
    const a = await createSubmission(t, writer);
    const b = await createSubmission(t, writer);
    t.deps.testClock!.set(new Date("2043-01-01T10:00:00Z"));
    await t.json(`/api/admin/submissions/${b.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    t.deps.testClock!.set(new Date("2043-01-01T11:00:00Z"));
    await t.json(`/api/admin/submissions/${a.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    const res = await t.json<Podium>("/api/podium");
    const ids = res.body.picks.map((x) => x.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(ids[0]).toBe(a.id);
  });

  it("repeating the same value changes nothing and announces nothing", async () => {
    const piece = await createSubmission(t, writer);
    await t.json(`/api/admin/submissions/${piece.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    const before = (await t.deps.db.select().from(events).where(eq(events.type, "piece:featured"))).length;
    const again = await t.json<Body>(`/api/admin/submissions/${piece.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    expect(again.status).toBe(200);
    expect((await t.deps.db.select().from(events).where(eq(events.type, "piece:featured"))).length).toBe(before);
  });

  it("refuses to feature a private piece with a clear 422 and leaves it unfeatured", async () => {
    const piece = await createSubmission(t, writer, { isPrivate: true });
    const res = await t.json<Body>(`/api/admin/submissions/${piece.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "not_public", message: ADMIN_MESSAGES.featureOnlyPublic });
    const [row] = await t.deps.db.select({ f: submissions.isFeatured }).from(submissions).where(eq(submissions.id, piece.id));
    expect(row!.f).toBe(false);
  });

  it("answers 404 for a missing piece and 422 for a missing flag", async () => {
    const missing = await t.json<Body>(`/api/admin/submissions/${ZERO_UUID}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ADMIN_MESSAGES.pieceNotFound);
    const piece = await createSubmission(t, writer);
    const noFlag = await t.json<Body>(`/api/admin/submissions/${piece.id}/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: "yes" } });
    expect(noFlag.status).toBe(422);
    expect(noFlag.body.message).toBe(ADMIN_MESSAGES.featuredMustBeBoolean);
    // An id that is not a UUID names no piece: 404, as a missing one (it was a 422 before every route checked ids alike).
    const badId = await t.json<Body>(`/api/admin/submissions/not-a-uuid/featured`, { method: "PUT", cookie: admin.cookie, json: { isFeatured: true } });
    expect(badId.status).toBe(404);
    expect(badId.body.message).toBe(ADMIN_MESSAGES.pieceNotFound);
  });
});

describe("public podium page", () => {
  it("is readable by a visitor and has its own title, description and social tags", async () => {
    const res = await t.request("/podium");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Editors&#39; Picks · inkwell</title>");
    expect(html).toContain('<meta property="og:title" content="Editors&#39; Picks · inkwell">');
    expect(html).toContain('<meta property="og:url" content="http://localhost:3000/podium">');
    expect(html).toMatch(/<meta name="description" content="The pieces our editors picked/);
  });
});
