import { expect, test } from "vitest";
import { countStatements } from "#tests/setup/statements.ts";
import { createPrompt, createUser } from "#tests/factories.ts";
import { startSession, submit, t, useWritingApp } from "./test-helpers.ts";

/*
 * Publishing is the busiest write: its statements are counted (issue 12: each one is a round
 * trip to the database under a transaction's lock). The request's own reads of who is asking
 * (better-auth's session and user) are included.
 */

useWritingApp();

test("a publish takes at most 8 statements", async () => {
  const writer = await createUser(t);
  const prompt = await createPrompt(t);
  await submit(t, writer, { promptId: prompt.id });
  const session = await startSession(t, writer.cookie);
  t.deps.testClock!.advance(t.deps.env.MIN_WRITING_SECONDS * 1000);
  let status = 0;
  const { count, sql } = await countStatements(t.deps.db, async () => {
    ({ status } = await submit(t, writer, { promptId: prompt.id, writingSession: session.token }));
  });
  expect(status).toBe(201);
  expect(count, sql.join("\n")).toBeLessThanOrEqual(8);
});
