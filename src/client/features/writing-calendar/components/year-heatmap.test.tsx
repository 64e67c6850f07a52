// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import YearHeatmap from "./year-heatmap.tsx";

// jsdom has no CSS.supports, matchMedia or SVG measuring, which the calendar asks for before drawing.
beforeEach(() => {
  Object.defineProperty(SVGElement.prototype, "getBBox", { configurable: true, value: () => ({ x: 0, y: 0, width: 20, height: 10 }) });
  vi.stubGlobal("CSS", { supports: () => true });
  vi.stubGlobal("matchMedia", () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tabStops = () => [...document.querySelectorAll('[tabindex="0"]')].map((el) => el.getAttribute("aria-label"));

describe("the year heatmap's one tab stop (issue 16 item 6)", () => {
  it("is the latest day written, and moves into the new year when the page changes year after a day was focused", () => {
    const { rerender } = render(<YearHeatmap year={2026} days={[{ date: "2026-03-01", words: 120, pieces: 1 }]} dark={false} />);
    expect(tabStops()).toEqual([expect.stringContaining("Mar 1, 2026")]);
    screen.getByRole("img", { name: /Mar 1, 2026/ }).focus();

    rerender(<YearHeatmap year={2025} days={[{ date: "2025-05-02", words: 80, pieces: 1 }]} dark={false} />);
    expect(tabStops()).toEqual([expect.stringContaining("May 2, 2025")]);
  });
});
