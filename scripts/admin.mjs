/**
 * npm run admin -- grant EMAIL | revoke EMAIL | list: the built admin command (scripts/admin.ts,
 * built into SERVER_DIST_DIR/admin.js with the server), so it works on a production install too.
 */
import { runBuiltCommand } from "./build.mjs";

await runBuiltCommand("admin");
