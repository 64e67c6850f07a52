import { prompts } from "./schema/index.ts";

/* Small pieces several modules' queries share, written once. */

/** A prompt as every module returns it. */
export const promptColumns = { id: prompts.id, date: prompts.date, kind: prompts.kind, text: prompts.text, author: prompts.author };

/** Text searched with LIKE/ILIKE: its own %, _ and \ match themselves. */
export const escapeLike = (q: string): string => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);
