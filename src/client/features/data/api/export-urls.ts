import type { EpubExportQuery } from "#shared/schemas/export.ts";
import { apiPath, apiUrls } from "#client/lib/api-client.ts";

/** Where each export of the signed-in writer's data is (same-origin paths, built by the typed client). */
export const exportHrefs = {
  markdown: () => apiPath(apiUrls.api.me.export.markdown.$url()),
  json: () => apiPath(apiUrls.api.me.export.json.$url()),
  epub: (query: EpubExportQuery) => apiPath(apiUrls.api.me.export.epub.$url({ query })),
};
