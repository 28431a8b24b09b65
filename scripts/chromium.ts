/**
 * How this project starts Debian's Chromium (build, browser tests, benchmarks): the binary,
 * CHROME_PATH for another, and the flags that let it run as root in a container and keep it
 * off a network it cannot reach (without them each start tries Google's hosts, refused many
 * at a time here).
 */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Playwright's launch options. */
export const chromiumLaunchOptions = { executablePath: chromiumPath, args: chromiumArgs };
