import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { paths } from "#client/config/paths.ts";
import { useMe } from "#client/lib/get-me.ts";
import { LoadingState } from "#client/components/ui/states.tsx";

/** Signed-in only: a visitor is sent to / (spec §2 Guards). The server enforces the same. */
export function RequireUser({ children, loadingLabel = "Authenticating..." }: { children: ReactNode; loadingLabel?: string }) {
  const { data: me, isPending } = useMe();
  if (isPending) return <LoadingState label={loadingLabel} />;
  if (!me) return <Navigate to={paths.home.href()} replace />;
  return <>{children}</>;
}

/** Admins only: anyone else is sent to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  if (isPending) return <LoadingState label="Authenticating..." />;
  if (!me?.isAdmin) return <Navigate to={paths.home.href()} replace />;
  return <>{children}</>;
}
