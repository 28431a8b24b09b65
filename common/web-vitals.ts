/**
 * Web-vitals ratings, shared by the browser (which rates each measurement before sending it)
 * and the usage report (which rates the 75th percentile). Requirements §9 fixes LCP, CLS and FID;
 * INP, FCP and TTFB use the web-vitals library's published thresholds (a test keeps them equal).
 */
export const vitalNames = ["LCP", "CLS", "INP", "FCP", "TTFB", "FID"] as const;
export type VitalName = (typeof vitalNames)[number];
export type VitalRating = "good" | "needs-improvement" | "poor";

/** [good up to, needs improvement up to]; above the second is poor. Milliseconds, CLS unitless. */
export const vitalThresholds: Record<VitalName, readonly [number, number]> = {
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  FID: [100, 300],
  INP: [200, 500],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export function rateVital(name: VitalName, value: number): VitalRating {
  const [good, needsImprovement] = vitalThresholds[name];
  if (value <= good) return "good";
  if (value <= needsImprovement) return "needs-improvement";
  return "poor";
}
