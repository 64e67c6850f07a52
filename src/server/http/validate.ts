import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { HttpError, zodIssues } from "./errors.ts";

/**
 * zod validation for a route's json/query/param input. A failure answers 422 with the first
 * issue's message (schemas carry the spec's wording) and every issue listed.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = zodIssues(result.error as never);
      throw new HttpError(422, "invalid_input", issues[0]?.message ?? "Invalid input", issues);
    }
  });
}
