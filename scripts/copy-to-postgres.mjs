/** npm run copy-to-postgres -- URL: the built scripts/copy-to-postgres.ts (docs/deploy.md). */
import { runBuilt } from "./built-command.mjs";

await runBuilt("copy-to-postgres");
