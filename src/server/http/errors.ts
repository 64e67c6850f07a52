import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import type { ApiErrorBody } from "#shared/errors.ts";
import { isDatabaseUnavailable, isDiskFull } from "../db/errors.ts";
import { logError } from "../log.ts";

/** A failure a caller can see: status, stable code, the spec's user-facing message. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: ApiErrorBody["issues"],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = "invalid_input", issues?: ApiErrorBody["issues"]) =>
  new HttpError(422, code, message, issues);
export const unauthorized = (message = "You must be signed in to do that", code = "unauthorized") =>
  new HttpError(401, code, message);
export const forbidden = (message = "You do not have permission to do that", code = "forbidden") =>
  new HttpError(403, code, message);
export const notFound = (message = "Not found", code = "not_found") => new HttpError(404, code, message);
export const conflict = (message: string, code = "conflict") => new HttpError(409, code, message);

export function zodIssues(err: ZodError): { path: string; message: string }[] {
  return err.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

/** The one place every failure becomes an ApiError body. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof HttpError) {
    const body: ApiErrorBody = { code: err.code, message: err.message };
    if (err.issues) body.issues = err.issues;
    return c.json(body, err.status);
  }
  if (err instanceof ZodError) {
    const issues = zodIssues(err);
    return c.json({ code: "invalid_input", message: issues[0]?.message ?? "Invalid input", issues } satisfies ApiErrorBody, 422);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = status === 413 ? "too_large" : status === 400 ? "bad_request" : "http_error";
    return c.json({ code, message: err.message || "Bad request" } satisfies ApiErrorBody, status as ContentfulStatusCode);
  }
  if (isDiskFull(err)) {
    logError("out of disk space (ENOSPC)", err, { path: c.req.path });
    return c.json({ code: "disk_full", message: SERVICE_MESSAGES.diskFull } satisfies ApiErrorBody, 503, { "Retry-After": "60" });
  }
  if (isDatabaseUnavailable(err)) {
    logError("database unavailable", err, { path: c.req.path });
    return c.json({ code: "database_unavailable", message: SERVICE_MESSAGES.databaseUnavailable } satisfies ApiErrorBody, 503, { "Retry-After": "5" });
  }
  logError("unhandled error", err, { path: c.req.path });
  return c.json({ code: "internal", message: "Something went wrong. Please try again." } satisfies ApiErrorBody, 500);
}

/** What a person is told when the server, not their input, is the problem. */
export const SERVICE_MESSAGES = {
  databaseUnavailable: "The database is unavailable; please try again in a moment.",
  diskFull: "The server is out of disk space; your text is kept — try again later.",
} as const;

