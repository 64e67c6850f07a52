/**
 * What the app holds of GET /metrics' registry (Deps.metrics), apart from how it is built
 * (registry.ts, which reads the app's parts through Deps and so cannot be named by Deps).
 */
export interface Metrics {
  /** One answered request: `route` is its route pattern (request-metrics.ts), never its path. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  scrape(): Promise<{ contentType: string; body: string }>;
  stop(): void;
}
