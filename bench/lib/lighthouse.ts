/** Running Lighthouse programmatically against Debian's Chromium, one browser for many runs. */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import { chromiumArgs, chromiumPath } from "../../scripts/chromium.ts";

export const chromeFlags = ["--headless=new", ...chromiumArgs];

export async function launchChrome() {
  return chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
}

export type Category = "performance" | "accessibility" | "best-practices" | "seo";

export async function runLighthouse(
  url: string,
  port: number,
  categories: Category[],
  preset: "mobile" | "desktop" = "mobile",
) {
  const flags: Flags = { port, output: "json", logLevel: "error", onlyCategories: categories };
  const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}
