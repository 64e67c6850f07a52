import { describe, expect, it } from "vitest";
import { createTestApp } from "#tests/setup/app.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { pieceImageCache } from "#server/og/image-cache.ts";
import { DAY_MS, admin, other, owner, share, t, usePortfolioApp, type ErrorBody } from "./test-helpers.ts";

usePortfolioApp();

describe("GET /api/og/:id.png", () => {
  const og = (id: string, cookie?: string | null, query = "") => t.request(`/api/og/${id}.png${query}`, { cookie: cookie ?? null });

  function pngSize(buf: Buffer): { width: number; height: number } {
    expect(buf.subarray(1, 4).toString("ascii")).toBe("PNG");
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }

  it("draws a 1200×630 PNG of a public piece for anyone, and caches it", async () => {
    const p = await createSubmission(t, owner, { title: "A piece with a picture" });
    const res = await og(p.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect(pieceImageCache.hasPiece(p.id)).toBe(true);
    expect((await og(p.id, other.cookie)).status).toBe(200);
    // Deleting the piece drops its image.
    await t.json(`/api/submissions/${p.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(pieceImageCache.hasPiece(p.id)).toBe(false);
    expect((await og(p.id)).status).toBe(404);
  });

  it("refuses a private piece to anyone who may not read it", async () => {
    const p = await createSubmission(t, owner, { isPrivate: true, title: "Private picture" });
    const q = await createSubmission(t, owner, { isPrivate: true });
    const link = await share(p.id);
    const linkQ = await share(q.id);
    for (const cookie of [null, other.cookie, admin.cookie]) expect((await og(p.id, cookie)).status).toBe(404);
    expect((await og(p.id, null, `?share=${linkQ.token}`)).status).toBe(404);
    expect((await og(p.id, owner.cookie)).status).toBe(200);
    const shared = await og(p.id, null, `?share=${link.token}`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("cache-control")).toContain("private");
    t.deps.testClock!.advance(DAY_MS);
    expect((await og(p.id, null, `?share=${link.token}`)).status).toBe(404);
  });

  it("lets shared caches keep a public piece's image, never a shared private one's", async () => {
    const p = await createSubmission(t, owner, { title: "Cacheable" });
    const res = await og(p.id);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const secret = await createSubmission(t, owner, { isPrivate: true, title: "Not cacheable" });
    const link = await share(secret.id);
    expect((await og(secret.id, null, `?share=${link.token}`)).headers.get("cache-control")).toBe("private, max-age=300");
  });

  it("limits how many images one client may ask for in a minute", async () => {
    // Its own app: a limit scaled down to 3 a minute, clients told apart by X-Forwarded-For.
    const limited = await createTestApp({ AUTH_RATE_LIMIT_SCALE: String(3 / 60), TRUST_PROXY: "true" });
    try {
      const w = await createUser(limited, { name: "Lim Ited" });
      const p = await createSubmission(limited, w, { title: "Popular" });
      const from = (ip: string) => limited.request(`/api/og/${p.id}.png`, { headers: { "x-forwarded-for": ip } });
      for (let i = 0; i < 3; i++) expect((await from("203.0.113.7")).status).toBe(200);
      const refused = await from("203.0.113.7");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as ErrorBody).code).toBe("rate_limited");
      expect((await from("198.51.100.2")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("answers 404 for anything but an id and .png", async () => {
    const p = await createSubmission(t, owner);
    expect((await t.request(`/api/og/${p.id}.jpg`)).status).toBe(404);
    expect((await t.request(`/api/og/${p.id}`)).status).toBe(404);
    expect((await og("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("answers 404, before any query, for a name of 36 characters that is not a UUID", async () => {
    for (const id of ["-".repeat(36), "g".repeat(8) + "-0000-4000-8000-000000000000"]) expect((await og(id)).status).toBe(404);
    // Upper case names the same piece.
    const p = await createSubmission(t, owner, { title: "Shouted" });
    expect((await og(p.id.toUpperCase())).status).toBe(200);
  });
});
