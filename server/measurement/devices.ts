/**
 * The device and browser of a visit, read coarsely from the User-Agent header by the collector
 * (issue 31): only the category is stored, never the header, so it adds no personal data.
 */
export const deviceKinds = ["desktop", "tablet", "phone"] as const;
export type DeviceKind = (typeof deviceKinds)[number];

export const browserNames = ["Chrome", "Edge", "Firefox", "Safari", "Opera", "Samsung Internet", "Other"] as const;
export type BrowserName = (typeof browserNames)[number];

/** What a visit shows for a row stored before the collector read the User-Agent. */
export const unknownClient = "unknown";

/** Phone, tablet or desktop: iPads and Android without "Mobile" are tablets, as browsers mean it. */
export function deviceOf(userAgent: string | undefined): DeviceKind {
  const ua = userAgent ?? "";
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(ua)) return "phone";
  return "desktop";
}

/** The browser family; the order matters, since Edge, Opera and Samsung also say "Chrome" and "Safari". */
export function browserOf(userAgent: string | undefined): BrowserName {
  const ua = userAgent ?? "";
  if (/Edg(e|A|iOS)?\//.test(ua)) return "Edge";
  if (/OPR\/|Opera/.test(ua)) return "Opera";
  if (/SamsungBrowser\//.test(ua)) return "Samsung Internet";
  if (/Firefox\/|FxiOS\//.test(ua)) return "Firefox";
  if (/Chrome\/|CriOS\/|Chromium\//.test(ua)) return "Chrome";
  if (/Safari\//.test(ua) && /Version\//.test(ua)) return "Safari";
  return "Other";
}
