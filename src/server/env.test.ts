import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

describe("configuration", () => {
  it("has working defaults for every setting", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", APP_URL: "http://localhost:3000", SITE_NAME: "inkwell", MIN_WRITING_SECONDS: 600, ADMIN_EMAILS: [] });
    expect(env.DATA_DIR.endsWith("/data")).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("reads ADMIN_EMAILS as a lower-cased list and trims APP_URL's slash", () => {
    const env = parseEnv({ ADMIN_EMAILS: " Editor@Example.com, second@example.com ,", APP_URL: "https://club.example.com/" });
    expect(env.ADMIN_EMAILS).toEqual(["editor@example.com", "second@example.com"]);
    expect(env.APP_URL).toBe("https://club.example.com");
  });

  it.each([
    ["PORT", "eighty"],
    ["APP_URL", "localhost:3000"],
    ["DATABASE_URL", "mysql://x"],
    ["SMTP_URL", "http://mail"],
    ["AUTH_SECRET", "short"],
    ["METRICS_TOKEN", "too-short"],
    ["MIN_WRITING_SECONDS", "-1"],
    ["ADMIN_EMAILS", "not-an-email"],
    ["NEW_ACCOUNT_DAILY_PIECES", "0"],
    ["NEW_ACCOUNT_DAILY_COMMENTS", "many"],
  ])("stops with one line naming %s when it is bad", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    try {
      parseEnv({ [name]: value });
    } catch (err) {
      expect((err as Error).message).toContain(name);
      expect((err as Error).message.split("\n")).toHaveLength(1);
    }
  });

  it("defaults APP_URL to the port it serves on, so emailed and shared links point at it", () => {
    expect(parseEnv({ PORT: "4123" }).APP_URL).toBe("http://localhost:4123");
    expect(parseEnv({ PORT: "4123", APP_URL: "https://club.example.com" }).APP_URL).toBe("https://club.example.com");
  });

  it("keeps new accounts' daily limits apart from the per-client scale (issue 24 item 5)", () => {
    expect(parseEnv({ AUTH_RATE_LIMIT_SCALE: "50" })).toMatchObject({ NEW_ACCOUNT_DAILY_PIECES: 3, NEW_ACCOUNT_DAILY_COMMENTS: 10 });
    expect(parseEnv({ NEW_ACCOUNT_DAILY_PIECES: "5", NEW_ACCOUNT_DAILY_COMMENTS: "20" })).toMatchObject({ NEW_ACCOUNT_DAILY_PIECES: 5, NEW_ACCOUNT_DAILY_COMMENTS: 20 });
  });

  it("refuses the test clock in production", () => {
    expect(() => parseEnv({ TEST_CLOCK: "true", NODE_ENV: "production" })).toThrow(/TEST_CLOCK/);
  });

  it("hashes passwords at the test cost only in a test run", () => {
    for (const NODE_ENV of ["production", "development", undefined]) {
      expect(() => parseEnv({ TEST_CHEAP_PASSWORD_HASH: "true", NODE_ENV })).toThrow(/TEST_CHEAP_PASSWORD_HASH can be enabled only with NODE_ENV=test/);
    }
    expect(parseEnv({ TEST_CHEAP_PASSWORD_HASH: "true", NODE_ENV: "test" }).TEST_CHEAP_PASSWORD_HASH).toBe(true);
    expect(parseEnv({ NODE_ENV: "test" }).TEST_CHEAP_PASSWORD_HASH).toBe(false);
  });
});
