/**
 * npm run copy-to-postgres -- URL: the built copy command (scripts/copy-to-postgres.ts, built into
 * SERVER_DIST_DIR/copy-to-postgres.js with the server), so it works on a production install too.
 */
import { runBuiltCommand } from "./build.mjs";

await runBuiltCommand("copy-to-postgres");
