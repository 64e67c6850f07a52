/**
 * The server's page renderer (decision 010): the public pages' first screen, rendered with the
 * same routes and components as the browser, from the same API answers a visitor gets.
 * Built by `vite build --ssr` (npm run build); the server loads it (server/http/ssr.ts).
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import type { SsrPage, SsrRenderer, SsrRequest } from "#shared/ssr.ts";
import { AppProvider } from "#client/app/provider.tsx";
import { routes } from "#client/app/routes.tsx";
import { setApiTransport } from "#client/lib/api-client.ts";
import { setRenderedAt, type HydrationState } from "#client/lib/hydration.ts";
import { createQueryClient } from "#client/lib/query-client.ts";
import { prefetchPage } from "./prefetch.ts";

const ORIGIN = "http://inkwell.internal";

/** The data the first screen needs, fetched; null when the page is not one rendered here. */
async function prefetched(req: SsrRequest, url: URL): Promise<{ qc: QueryClient; modules: string[] } | null> {
  const qc = createQueryClient();
  const page = await prefetchPage(qc, url);
  if (!page) return null;
  // What failed is left out, so both sides render it loading and the browser fetches it.
  for (const q of qc.getQueryCache().findAll()) if (q.state.status !== "success") qc.getQueryCache().remove(q);
  if (!page.required.every((key) => qc.getQueryData(key) !== undefined)) return null;
  return { qc, modules: page.modules };
}

export const render: SsrRenderer["render"] = async (req) => {
  const url = new URL(req.url, ORIGIN);
  // API calls made while rendering go to the app in process, as a visitor (no cookie is passed).
  setApiTransport((input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input), ORIGIN);
    return req.fetch(target.pathname + target.search, { method: init.method, headers: init.headers, body: init.body });
  });
  const data = await prefetched(req, url);
  if (!data) return null;

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null; // a redirect: the browser follows it
  const router = createStaticRouter(handler.dataRoutes, context);
  const renderedAt = Date.now();
  setRenderedAt(renderedAt);
  let html: string;
  try {
    // The same tree as main.tsx; renderToString is synchronous, so renderedAt is this page's.
    html = renderToString(
      <StrictMode>
        <AppProvider client={data.qc}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
  } finally {
    setRenderedAt(null);
  }
  const state: HydrationState = { queries: dehydrate(data.qc), renderedAt };
  data.qc.clear();
  const page: SsrPage = { html, state, modules: data.modules };
  return page;
};
