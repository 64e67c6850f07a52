import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { hydrate } from "@tanstack/react-query";
import { SSR_STATE_ID } from "#shared/ssr.ts";
import { AppProvider } from "./app/provider.tsx";
import { AppRouter, createAppRouter } from "./app/router.tsx";
import { isHydrationState, setRenderedAt } from "./lib/hydration.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { registerServiceWorker } from "./pwa/register.ts";
import "./styles.css";

const container = document.getElementById("root")!;
const stateText = document.getElementById(SSR_STATE_ID)?.textContent;
const state: unknown = stateText ? JSON.parse(stateText) : null;
const queryClient = createQueryClient();
const hydrating = isHydrationState(state) && container.hasChildNodes();
if (hydrating) {
  hydrate(queryClient, state.queries);
  setRenderedAt(state.renderedAt);
}
const router = await createAppRouter(hydrating);
const app = (
  <StrictMode>
    <AppProvider client={queryClient}>
      <AppRouter router={router} />
    </AppProvider>
  </StrictMode>
);
// Hydrating as a transition lets React yield to the browser between components, so taking over a
// long server-rendered page (the feed) is many short tasks rather than one that blocks input.
if (hydrating) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
registerServiceWorker();
