import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { listenForAuthChanges } from "#client/features/auth/api/auth-actions.ts";
import { createQueryClient } from "#client/lib/query-client.ts";
import { ToastProvider } from "#client/components/ui/toast.tsx";

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Signing in or out in one tab updates every open tab.
  useEffect(() => listenForAuthChanges(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
