import { expect } from "vitest";
import parsePrometheusTextFormat, { type PrometheusFamily } from "parse-prometheus-text-format";
import type { TestApp } from "#tests/setup/app.ts";

/** The token the metrics tests' apps are started with. */
export const METRICS_TOKEN = "metrics-token-for-tests-0123456789";

export interface Scraped {
  text: string;
  families: PrometheusFamily[];
}

/** One scrape of GET /metrics with the token: its text, and the text parsed by a Prometheus text parser. */
export async function scrape(t: TestApp): Promise<Scraped> {
  const res = await t.request("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return { text, families: parsePrometheusTextFormat(text) };
}

/** The value of `name`'s sample whose labels include `labels` (0 when there is none). */
export function sample({ families }: Scraped, name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  if (!family) throw new Error(`no metric family ${name}`);
  const found = family.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(found?.value ?? 0);
}
