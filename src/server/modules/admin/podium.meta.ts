import type { PageMetaResolver } from "../../http/spa.ts";

/** Server-written <head> for the public podium (filled in by the admin module). */
export const podiumPageMeta: PageMetaResolver[] = [];
