/**
 * Where the console lives (server/console/, app/routes/admin*): its pages under one path, its
 * JSON API under that path's /api. The sitemap, robots.txt, the service worker's precache and
 * the measurement leave everything under it out.
 */
export const consolePath = "/admin";
export const consoleApiPath = `${consolePath}/api`;
/** The session cookie, scoped to consolePath. */
export const consoleCookie = "console_session";

export const isConsolePath = (pathname: string) => pathname === consolePath || pathname.startsWith(`${consolePath}/`);

/** The longest name an account may have (common/console-input.ts checks it, the console's field stops there). */
export const maxAccountName = 100;
