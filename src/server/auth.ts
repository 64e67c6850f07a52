import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "./db/client.ts";
import * as schema from "./db/schema/index.ts";
import type { Env } from "./env.ts";
import type { Outbox } from "./mail/outbox.ts";
import { changeEmailMail, emailChangingMail, resetPasswordMail, verifyEmailMail } from "./mail/templates.ts";
import { maskEmail } from "#shared/domain/device.ts";
import { emailChangeOf } from "./modules/account/email-change-token.ts";
import type { AdminDirectory } from "./modules/users/admins.service.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#shared/constants.ts";
import { logError } from "./log.ts";
import { cheapPasswordHash } from "./test-password-hash.ts";
import type { Background } from "./background.ts";
import { CLIENT_IP_HEADER, LONGEST_LIMIT_WINDOW_MS } from "./http/limits.ts";

export interface AuthDeps {
  env: Env;
  db: Db;
  outbox: Outbox;
  admins: AdminDirectory;
  authSecret: string;
  background: Background;
  /** The session cache (http/session-cache.ts), told of better-auth's changes; only this much of it, so it imports nothing back. */
  sessions: { changed(userId: string): void };
}

export function createAuth({ env, db, outbox, admins, authSecret, background, sessions }: AuthDeps) {
  const site = { siteName: env.SITE_NAME, appUrl: env.APP_URL };
  const scale = env.AUTH_RATE_LIMIT_SCALE;
  const rule = (window: number, max: number) => ({ window, max: Math.max(1, Math.round(max * scale)) });
  return betterAuth({
    appName: env.SITE_NAME,
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret: authSecret,
    // APP_URL's origin, or every loopback name of the port when APP_URL is unset (env.ts appOrigins).
    trustedOrigins: env.APP_ORIGINS,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        users: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    user: {
      modelName: "users",
      additionalFields: {
        alias: { type: "string", required: false, input: true },
        age: { type: "number", required: false, input: true },
        location: { type: "string", required: false, input: true },
        timeZone: { type: "string", required: false, input: true, defaultValue: "UTC" },
        // Issue 13: read with the session (no extra statement per write), never set by a client.
        suspendedAt: { type: "date", required: false, input: false },
        suspendedUntil: { type: "date", required: false, input: false },
        suspensionReason: { type: "string", required: false, input: false },
      },
      // Issue 15: the link goes to the NEW address and the email changes only when it is followed
      // (no sendChangeEmailConfirmation, no updateEmailWithoutVerification). Reached only through
      // our POST /api/me/email (modules/account), which refuses a taken address first.
      changeEmail: { enabled: true },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // The session cache (http/session-cache.ts) forgets a writer whose session or user row better-auth
    // changed (sign-out, a password changed or reset, an email changed or confirmed) at once on this
    // instance; every instance hears it from migration 0020's triggers when the change commits.
    databaseHooks: {
      user: {
        update: { after: async (user) => (user?.id ? sessions.changed(user.id) : undefined) },
        delete: { after: async (user) => sessions.changed(user.id) },
      },
      session: {
        update: { after: async (session) => (session?.userId ? sessions.changed(session.userId) : undefined) },
        delete: { after: async (session) => sessions.changed(session.userId) },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Tests only (env.ts refuses it unless NODE_ENV=test); otherwise better-auth's own scrypt.
      ...(env.TEST_CHEAP_PASSWORD_HASH ? { password: cheapPasswordHash } : {}),
      revokeSessionsOnPasswordReset: true,
      // Sent after the answer: a request for an address that exists must take no longer than one that does not.
      sendResetPassword({ user, url }) {
        background.track(
          resetPasswordMail(site, user.email, url).then((message) => outbox.queue({ message, kind: "reset", userId: user.id })),
          "queueing a reset email",
        );
        return Promise.resolve();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24 * 3,
      async sendVerificationEmail({ user, url, token }) {
        const change = emailChangeOf(token);
        if (!change) {
          await outbox.queue({ message: await verifyEmailMail(site, user.email, url), kind: "verify", userId: user.id });
          return;
        }
        // An email change: the link to the new address, and word to the old one.
        await outbox.queue({ message: await changeEmailMail(site, change.to, url), kind: "email-change", userId: user.id });
        await outbox.queue({ message: await emailChangingMail(site, change.from, maskEmail(change.to)), kind: "email-change-notice", userId: user.id });
      },
      async afterEmailVerification(user) {
        // ADMIN_EMAILS: a new account becomes admin only once it proves it owns the address.
        if (env.ADMIN_EMAILS.includes(user.email.toLowerCase())) await admins.grantByEmail(user.email);
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: Math.max(1, Math.round(300 * scale)),
      customRules: {
        "/sign-in/email": rule(60, 10),
        // Sign-up is limited by our own counters (modules/auth/sign-up-limits.ts): a class of 25 on
        // one school network gets in, a script making hundreds of accounts does not.
        "/sign-up/email": false,
        "/request-password-reset": rule(60 * 10, 5),
        "/reset-password": rule(60 * 10, 10),
        "/send-verification-email": rule(60 * 10, 5),
      },
    },
    advanced: {
      cookiePrefix: "inkwell",
      useSecureCookies: env.APP_URL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    // Matches no request: only makes LONGEST_LIMIT_WINDOW_MS the longest window better-auth keeps rows for.
    plugins: [{ id: "inkwell-limit-retention", rateLimit: [{ window: LONGEST_LIMIT_WINDOW_MS / 1000, max: 1, pathMatcher: () => false }] }],
    // better-auth logs failed queries with their parameters (session tokens): keep one safe line.
    logger: {
      disabled: env.NODE_ENV === "test",
      log: (level, message) => (level === "error" ? logError("better-auth", new Error(message)) : console.log(JSON.stringify({ level, msg: message.split("\n")[0]?.slice(0, 160) }))),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
