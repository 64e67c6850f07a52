import { lazy } from "react";

/* The chart libraries stay out of every page's first chunk: each part loads when first shown. */

export const YearHeatmap = lazy(() => import("./year-heatmap.tsx"));
export const MonthChart = lazy(() => import("./month-chart.tsx"));
