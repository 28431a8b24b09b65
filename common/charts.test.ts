import { describe, expect, it } from "vitest";
import { barList, dataTable, legendOf, lineChart, niceScale, resetChartIds } from "./charts.ts";

describe("niceScale", () => {
  it("rounds the top up to a whole number of steps of 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceScale(247)).toEqual({ top: 300, step: 100 });
    expect(niceScale(4)).toEqual({ top: 4, step: 1 });
    expect(niceScale(6200)).toEqual({ top: 8000, step: 2000 });
    expect(niceScale(0.3).top).toBeCloseTo(0.3);
    expect(niceScale(0)).toEqual({ top: 1, step: 0.25 });
  });
});

describe("charts", () => {
  it("draw SVG with a title and description, no style attribute or class that needs a style sheet", () => {
    resetChartIds();
    const svg = lineChart(
      ["2026-03-01", "2026-03-02"],
      [{ label: "Views", color: "#000", values: [3, 5] }],
      "Views per day",
    );
    expect(svg).toMatch(/^<svg viewBox="0 0 1140 300" role="img" aria-labelledby="chart-1-t chart-1-d"/);
    expect(svg).toContain(
      '<title id="chart-1-t">Views per day</title><desc id="chart-1-d">8 views over 2 days; the busiest day was Mar 2 with 5 views.</desc>',
    );
    const bars = barList([{ label: "<b>", values: [1] }], [{ label: "Views", color: "#000" }], "Top", "One page");
    for (const markup of [svg, bars, legendOf([{ label: "A", color: "#123456" }])])
      expect(markup).not.toMatch(/style=|class="(tick|label|value|threshold)"/);
    expect(bars).toContain("&lt;b&gt;");
    expect(dataTable("Views", ["Day", "Views"], [["2026-03-01", 3]])).toContain(
      '<th scope="row">2026-03-01</th><td>3</td>',
    );
  });
});
