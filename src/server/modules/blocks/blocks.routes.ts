import { Hono } from "hono";
import { BLOCK_MESSAGES, blockCreated, blockInput, blockList, blockRemoved, blocksQuery } from "#shared/schemas/blocks.ts";
import { requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { uuidParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { createBlock, listBlocks, removeBlock } from "./blocks.service.ts";

/** Per client: plenty for a person, not for a script walking the feed. */
const blockLimit = rateLimit({ bucket: "blocks", windowMs: 60_000, max: 30 });

/** A writer's blocks (issue 13 item 5), mounted under /api. Signed-in only: a visitor hears 401 first. */
export const blocksRoutes = new Hono<AppEnv>()
  .use("/blocks", signedIn(BLOCK_MESSAGES.loginToBlock))
  .use("/blocks/*", signedIn(BLOCK_MESSAGES.loginToBlock))
  .get("/blocks", validate("query", blocksQuery), async (c) => {
    const user = requireUser(c, BLOCK_MESSAGES.loginToBlock);
    return respond(c, blockList, await listBlocks(c.get("deps").db, user.id, c.req.valid("query").cursor));
  })
  .post("/blocks", blockLimit, validate("json", blockInput), async (c) => {
    const user = requireUser(c, BLOCK_MESSAGES.loginToBlock);
    const block = await createBlock(c.get("deps"), user.id, c.req.valid("json"));
    return respond(c, blockCreated, { block, message: BLOCK_MESSAGES.blocked }, 201);
  })
  .delete("/blocks/:id", uuidParam(BLOCK_MESSAGES.blockNotFound), async (c) => {
    const user = requireUser(c, BLOCK_MESSAGES.loginToBlock);
    const { id } = c.req.valid("param");
    await removeBlock(c.get("deps"), user.id, id);
    return respond(c, blockRemoved, { id, message: BLOCK_MESSAGES.unblocked });
  });
