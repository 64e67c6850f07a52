import { createBrowserRouter, matchRoutes, RouterProvider } from "react-router";
import { routes } from "./routes.tsx";

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router. When the page came rendered from the server, the matched routes' lazy
 * modules are loaded first, so the first render is the server's markup (not the loading
 * fallback) and hydrates without a mismatch.
 */
export async function createAppRouter(hydrating: boolean): Promise<Router> {
  if (hydrating) {
    const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
    await Promise.all(
      lazy.map(async (m) => {
        const load = m.route.lazy;
        if (typeof load !== "function") return;
        const mod = await load();
        Object.assign(m.route, { ...mod, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, hydrating ? { hydrationData: { loaderData: {} } } : undefined);
}

export function AppRouter({ router }: { router: Router }) {
  return <RouterProvider router={router} />;
}
