/**
 * The RUM pixel of requirements §7: one GET per navigation to
 * {rumHost}/rum/{site}/{page}.png?u={uid}&l={last page}&d={seconds on previous page}&t={load ms}.
 * Pure: the browser side (measurement.ts) supplies the clock and sends the image.
 */

export { pageName } from "#common/page-name.ts";

export interface RumParams {
  rumHost: string;
  site: string;
  page: string;
  uid: string;
  lastPage: string;
  secondsOnLastPage: number;
  loadMs: number;
}

export function rumPixelUrl({ rumHost, site, page, uid, lastPage, secondsOnLastPage, loadMs }: RumParams): string {
  const query = new URLSearchParams({
    u: uid,
    l: lastPage,
    d: String(Math.max(0, Math.round(secondsOnLastPage))),
    t: String(Math.max(0, Math.round(loadMs))),
  });
  return `${rumHost}/rum/${encodeURIComponent(site)}/${encodeURIComponent(page)}.png?${query}`;
}

/** The page the visitor is on, and since when (epoch ms): what the next beacon reports as l and d. */
export interface RumVisit {
  page: string;
  since: number;
}

/** The pixel parameters for arriving on `page` at `now`, and the visit that starts there. */
export function nextRumBeacon(
  previous: RumVisit | undefined,
  arrival: { page: string; now: number; loadMs: number },
): { lastPage: string; secondsOnLastPage: number; loadMs: number; visit: RumVisit } {
  return {
    lastPage: previous?.page ?? "",
    secondsOnLastPage: previous ? Math.max(0, (arrival.now - previous.since) / 1000) : 0,
    loadMs: arrival.loadMs,
    visit: { page: arrival.page, since: arrival.now },
  };
}
