/** Firefox ESR (Debian's `firefox-esr`) driven by puppeteer-core over WebDriver BiDi. */
import { existsSync } from "node:fs";
import puppeteer, { type ElementHandle, type Page } from "puppeteer-core";
import type { SmokePage } from "./browser.ts";

export const firefoxPath = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

export async function openFirefox(baseUrl: string, { javaScript = true } = {}): Promise<SmokePage> {
  if (!existsSync(firefoxPath))
    throw new Error(`Firefox ESR not found at ${firefoxPath}: apt-get install firefox-esr (or set FIREFOX_PATH)`);
  const browser = await puppeteer.launch({ browser: "firefox", executablePath: firefoxPath, headless: true });
  const page: Page = await browser.newPage();
  if (!javaScript) await page.setJavaScriptEnabled(false);
  let errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error instanceof Error ? error.message : String(error)));
  // Only our own server: the video host, scheduler and analytics are out of reach, as in the Chromium suite.
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (new URL(request.url()).origin === new URL(baseUrl).origin || request.url().startsWith("data:"))
      void request.continue();
    else void request.abort("blockedbyclient");
  });
  return {
    async goto(path) {
      errors = [];
      await page.goto(new URL(path, baseUrl).href, { waitUntil: "load" });
    },
    eval: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    click: (selector) => page.click(selector),
    type: (selector, text) => page.type(selector, text),
    async typeInto(expression, text) {
      const element = (await page.evaluateHandle(expression)).asElement();
      if (!element) throw new Error(`no element for ${expression}`);
      await (element as ElementHandle<Element>).type(text);
    },
    resize: (width, height) => page.setViewport({ width, height }),
    settle: () => page.waitForNetworkIdle({ idleTime: 500 }),
    pageErrors: async () => errors,
    watchErrors: async () => {},
    close: () => browser.close(),
  };
}
