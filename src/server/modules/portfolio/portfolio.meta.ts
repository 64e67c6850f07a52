import type { PageMetaResolver } from "../../http/spa.ts";

/** Server-written <head> for piece pages (filled in by the portfolio module). */
export const portfolioPageMeta: PageMetaResolver[] = [];
