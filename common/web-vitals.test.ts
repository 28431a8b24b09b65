import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from "web-vitals";
import { describe, expect, it } from "vitest";
import { rateVital, vitalThresholds } from "./web-vitals.ts";

describe("rateVital", () => {
  it("rates LCP by requirements §9: good up to 2500 ms, needs improvement up to 4000 ms, poor above", () => {
    expect(rateVital("LCP", 0)).toBe("good");
    expect(rateVital("LCP", 2500)).toBe("good");
    expect(rateVital("LCP", 2501)).toBe("needs-improvement");
    expect(rateVital("LCP", 4000)).toBe("needs-improvement");
    expect(rateVital("LCP", 4001)).toBe("poor");
  });

  it("rates CLS by requirements §9: good up to 0.1, needs improvement up to 0.25", () => {
    expect(rateVital("CLS", 0)).toBe("good");
    expect(rateVital("CLS", 0.1)).toBe("good");
    expect(rateVital("CLS", 0.11)).toBe("needs-improvement");
    expect(rateVital("CLS", 0.25)).toBe("needs-improvement");
    expect(rateVital("CLS", 0.26)).toBe("poor");
  });

  it("rates FID by requirements §9: good up to 100 ms, needs improvement up to 300 ms", () => {
    expect(rateVital("FID", 100)).toBe("good");
    expect(rateVital("FID", 101)).toBe("needs-improvement");
    expect(rateVital("FID", 300)).toBe("needs-improvement");
    expect(rateVital("FID", 301)).toBe("poor");
  });

  it("rates INP, FCP and TTFB at the library's boundaries", () => {
    expect([rateVital("INP", 200), rateVital("INP", 201), rateVital("INP", 501)]).toEqual([
      "good",
      "needs-improvement",
      "poor",
    ]);
    expect([rateVital("FCP", 1800), rateVital("FCP", 3000), rateVital("FCP", 3001)]).toEqual([
      "good",
      "needs-improvement",
      "poor",
    ]);
    expect([rateVital("TTFB", 800), rateVital("TTFB", 1801)]).toEqual(["good", "poor"]);
  });

  it("uses the same thresholds as the web-vitals library where the spec names none (and agrees on LCP and CLS)", () => {
    expect(vitalThresholds.INP).toEqual(INPThresholds);
    expect(vitalThresholds.FCP).toEqual(FCPThresholds);
    expect(vitalThresholds.TTFB).toEqual(TTFBThresholds);
    expect(vitalThresholds.LCP).toEqual(LCPThresholds);
    expect(vitalThresholds.CLS).toEqual(CLSThresholds);
  });
});
