/**
 * The contract between the server and its page renderer (src/client/ssr/entry-server.tsx, built
 * by Vite into CLIENT_DIST_DIR-ssr): the server hands it the page's URL and a way to call its own
 * API as a visitor; it answers the page's HTML, the query data that HTML was rendered from, and
 * the source modules of the route, so the server can preload their chunks. Types only.
 */
export interface SsrRequest {
  /** The page's path and query, e.g. "/community?sort=liked". */
  url: string;
  /** Answers an /api request in process, as the API answers a visitor (no cookies). */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

export interface SsrPage {
  /** The markup inside <div id="root">. */
  html: string;
  /** What the browser hydrates from (JSON-serializable); see client/lib/hydration.ts. */
  state: unknown;
  /** Source modules of the matched route ("src/client/app/routes/home.tsx"), for modulepreload. */
  modules: string[];
}

export interface SsrRenderer {
  /** null: this page is not rendered on the server (the browser renders it, as before). */
  render(request: SsrRequest): Promise<SsrPage | null>;
}

/** The id of the <script type="application/json"> carrying SsrPage.state. */
export const SSR_STATE_ID = "ssr-state";
