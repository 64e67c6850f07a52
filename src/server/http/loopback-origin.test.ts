import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cookieFrom, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { MESSAGES } from "./same-origin.ts";

/*
 * Issue 24 item 4: `npm start` prints http://localhost:3000, and a newcomer who opens
 * http://127.0.0.1:3000 instead must be able to sign up. With APP_URL unset the loopback names of
 * the port are one site; with APP_URL set, only its origin writes, and the first refusal of an
 * origin is logged with the APP_URL the server expects.
 */

let unset: TestApp;
let set: TestApp;
beforeAll(async () => {
  // An empty APP_URL is an unset one (parseEnv drops empty values): the default, localhost:3000.
  unset = await createTestApp({ APP_URL: "", PORT: "3000" });
  set = await createTestApp({ APP_URL: "https://club.example.com" });
});
afterAll(async () => {
  await unset?.close();
  await set?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

let seq = 0;
/** The sign-up form's request, as a browser on `origin` sends it (Host and Origin both that address). */
const signUp = (t: TestApp, origin: string) =>
  Promise.resolve(
    t.app.request(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({ name: "Loopback Writer", email: `loopback-${Date.now()}-${++seq}@example.com`, password: "a quiet room to write", alias: null, timeZone: "UTC" }),
    }),
  );

describe("with APP_URL unset", () => {
  it.each(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"])("signs a newcomer up from %s, and they are signed in there", async (origin) => {
    const res = await signUp(unset, origin);
    expect(res.status, await res.clone().text()).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    const me = await unset.app.request(`${origin}/api/me`, { headers: { cookie: cookieFrom(res) } });
    expect(((await me.json()) as { user: { id: string } | null }).user?.id).toBe(user.id);
  });

  it("still refuses another port and another host", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const origin of ["http://127.0.0.1:3001", "http://localhost:5173", "http://192.168.1.20:3000", "https://elsewhere.example"]) {
      const res = await signUp(unset, origin);
      expect(res.status, origin).toBe(403);
      expect(await res.json()).toEqual({ code: "cross_origin", message: MESSAGES.crossOrigin });
    }
  });
});

describe("with APP_URL set", () => {
  it("signs up from APP_URL's origin only", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await signUp(set, "https://club.example.com")).status).toBe(200);
    const refused = await signUp(set, "http://localhost:3000");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: "cross_origin", message: MESSAGES.crossOrigin });
  });

  it("logs once which origin it refused and which APP_URL it expects", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (let i = 0; i < 3; i++) expect((await signUp(set, "http://10.0.0.7:8080")).status).toBe(403);
    const lines = warn.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ level: "warn", origin: "http://10.0.0.7:8080", appUrl: "https://club.example.com" })]);
    expect(String(lines[0]!.msg)).toContain("APP_URL");
  });
});
