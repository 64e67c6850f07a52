/** npm run admin -- grant EMAIL | revoke EMAIL | list: the built scripts/admin.ts. */
import { runBuilt } from "./built-command.mjs";

await runBuilt("admin");
