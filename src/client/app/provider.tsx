import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { listenForAuthChanges } from "#client/features/auth/api/auth-actions.ts";
import { createQueryClient } from "#client/lib/query-client.ts";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import { UpdateBanner } from "#client/pwa/update-banner.tsx";

/** `client`: one already holding the data a server-rendered page was made from (main.tsx, ssr/). */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  // Signing in or out in one tab updates every open tab.
  useEffect(() => listenForAuthChanges(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        {children}
        <UpdateBanner />
      </ToastProvider>
    </QueryClientProvider>
  );
}
