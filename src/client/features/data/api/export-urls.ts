import { hc } from "hono/client";
import type { AppType } from "#server/app.ts";
import type { EpubExportQuery } from "#shared/schemas/export.ts";

/** Only the path is kept: the typed client needs an absolute base to build a URL. */
const urls = hc<AppType>("http://app.invalid");
const path = (url: URL) => `${url.pathname}${url.search}`;

/** Where each export of the signed-in writer's data is (same-origin paths, built by the typed client). */
export const exportHrefs = {
  markdown: () => path(urls.api.me.export.markdown.$url()),
  json: () => path(urls.api.me.export.json.$url()),
  epub: (query: EpubExportQuery) => path(urls.api.me.export.epub.$url({ query })),
};
