import { describe, expect, it, beforeAll } from "vitest";
import { weekOf } from "#shared/domain/scheduler.ts";
import { MESSAGES } from "#shared/errors.ts";
import { createPrompt, createSubmission } from "#tests/factories.ts";
import { admin, setupAdminTests, t, writer, type Body } from "./admin.test-setup.ts";

// The guard in admin.routes.ts: every /api/admin/* route, before its input is looked at.
setupAdminTests();

describe("every admin endpoint checks admin status on the server", () => {
  const week = weekOf("2030-06-12");
  const endpoints: { method: string; label?: string; path: () => string; json?: () => unknown }[] = [
    { method: "GET", path: () => "/api/admin/prompts/today" },
    { method: "PUT", path: () => "/api/admin/prompts/today", json: () => ({ text: "A prompt" }) },
    { method: "GET", path: () => "/api/admin/scheduler?week=2030-06-12" },
    { method: "PUT", path: () => "/api/admin/scheduler", json: () => ({ weekStart: week[0], days: week.map((date) => ({ date, text: "", expected: null })) }) },
    { method: "GET", path: () => "/api/admin/scheduler/gaps" },
    { method: "GET", path: () => "/api/admin/prompts" },
    { method: "GET", label: "/api/admin/prompts/:id/submissions", path: () => `/api/admin/prompts/${sharedPromptId}/submissions` },
    { method: "PUT", label: "/api/admin/submissions/:id/featured", path: () => `/api/admin/submissions/${sharedPieceId}/featured`, json: () => ({ isFeatured: false }) },
    { method: "GET", path: () => "/api/admin/podium" },
    { method: "GET", path: () => "/api/admin/users" },
    { method: "GET", label: "/api/admin/users/:id", path: () => `/api/admin/users/${writer.id}` },
    // Issue 13: the report queue, its actions, suspensions and the audit log.
    { method: "GET", path: () => "/api/admin/reports" },
    { method: "GET", path: () => "/api/admin/reports/count" },
    { method: "POST", label: "/api/admin/moderation/piece/:id/hide", path: () => `/api/admin/moderation/piece/${modPieceId}/hide`, json: () => ({ reason: "Spam" }) },
    { method: "POST", label: "/api/admin/moderation/piece/:id/restore", path: () => `/api/admin/moderation/piece/${modPieceId}/restore` },
    { method: "POST", label: "/api/admin/moderation/piece/:id/dismiss", path: () => `/api/admin/moderation/piece/${modPieceId}/dismiss` },
    { method: "DELETE", label: "/api/admin/moderation/piece/:id", path: () => `/api/admin/moderation/piece/${modPieceId}` },
    { method: "GET", label: "/api/admin/users/:id/suspension", path: () => `/api/admin/users/${writer.id}/suspension` },
    { method: "PUT", label: "/api/admin/users/:id/suspension", path: () => `/api/admin/users/${writer.id}/suspension`, json: () => ({ until: null, reason: "Spam" }) },
    { method: "DELETE", label: "/api/admin/users/:id/suspension", path: () => `/api/admin/users/${writer.id}/suspension` },
    { method: "POST", label: "/api/admin/users/:id/hide-all", path: () => `/api/admin/users/${writer.id}/hide-all`, json: () => ({ reason: "Spam" }) },
    { method: "GET", path: () => "/api/admin/audit" },
    { method: "GET", path: () => "/api/admin/jobs" },
    // Issue 15: an admin brings back a piece an admin removed, as it was.
    { method: "POST", label: "/api/admin/trash/:id/restore", path: () => `/api/admin/trash/${trashedPieceId}/restore` },
  ];
  let trashedPieceId: string;
  let modPieceId: string;
  let sharedPromptId: string;
  let sharedPieceId: string;
  beforeAll(async () => {
    const prompt = await createPrompt(t, { date: "2030-01-01" });
    sharedPromptId = prompt.id;
    sharedPieceId = (await createSubmission(t, writer, { promptId: prompt.id })).id;
    modPieceId = (await createSubmission(t, writer, { promptId: prompt.id })).id;
    trashedPieceId = (await createSubmission(t, writer, { promptId: prompt.id })).id;
    expect((await t.request(`/api/submissions/${trashedPieceId}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
  });

  for (const e of endpoints) {
    it(`${e.method} ${e.label ?? e.path()}: visitor 401, writer 403, admin 200`, async () => {
      const visitor = await t.json<Body>(e.path(), { method: e.method, json: e.json?.() });
      expect(visitor.status).toBe(401);
      expect(visitor.body.code).toBe("unauthorized");
      const asWriter = await t.json<Body>(e.path(), { method: e.method, json: e.json?.(), cookie: writer.cookie });
      expect(asWriter.status).toBe(403);
      expect(asWriter.body).toMatchObject({ code: "not_admin", message: MESSAGES.notAdmin });
      const asAdmin = await t.json<Body>(e.path(), { method: e.method, json: e.json?.(), cookie: admin.cookie });
      expect(asAdmin.status).toBe(200);
    });
  }

  it("answers a visitor before looking at the input (401, not 422)", async () => {
    const res = await t.json<Body>("/api/admin/prompts/today", { method: "PUT", json: { text: "" } });
    expect(res.status).toBe(401);
  });

  it("asks a visitor to sign in to manage featured submissions", async () => {
    const res = await t.json<Body>(`/api/admin/submissions/${sharedPieceId}/featured`, { method: "PUT", json: { isFeatured: true } });
    expect(res.body.message).toBe(MESSAGES.loginToFeature);
  });
});
