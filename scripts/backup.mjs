/**
 * npm run backup [-- FILE] | npm run restore -- FILE [--force]: the built backup command
 * (scripts/backup.ts, built into SERVER_DIST_DIR/backup.js with the server), so it works on a
 * production install too, with plain node.
 */
import { runBuiltCommand } from "./build.mjs";

await runBuiltCommand("backup");
