/*
 * Whether the page's own requests reach the server (issue 16: "a failed request is the other
 * sign" of being offline). `navigator.onLine` alone is not enough: a browser may keep it true
 * while no request gets through (a captive network, a dropped tunnel, and Chromium 150 under
 * Playwright's offline emulation for a page its service worker served). A request that fails
 * for the network says unreachable; an answer from the server itself says reachable again (an
 * answer the service worker made from its offline copy says nothing).
 */

let unreachable = false;
const listeners = new Set<() => void>();

export function noteReachable(reached: boolean): void {
  if (unreachable === !reached) return;
  unreachable = !reached;
  for (const l of listeners) l();
}

export const serverUnreachable = (): boolean => unreachable;

export function onReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
