/**
 * WebKitGTK (Debian's `webkit2gtk-driver`): `WebKitWebDriver` under `xvfb-run`, driven by the
 * `webdriver` client over classic WebDriver (Debian 12's WebKitGTK 2.50 driver offers no BiDi).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import WebDriver from "webdriver";
import { errorWatcher, until, type SmokePage } from "./browser.ts";
import { freePort } from "../support/services.ts";

export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH ?? "/usr/bin/WebKitWebDriver";
const miniBrowser = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

const resourceCount = "return performance.getEntriesByType('resource').length;";

/** True once the page has started no request for half a second (WebDriver sees no network events). */
function quietNetwork(count: () => Promise<number>) {
  let last = -1;
  let since = Date.now();
  return async () => {
    const now = await count();
    if (now !== last) [last, since] = [now, Date.now()];
    return Date.now() - since >= 500;
  };
}

export async function openWebKit(baseUrl: string): Promise<SmokePage> {
  if (!existsSync(webkitDriverPath))
    throw new Error(
      `WebKitWebDriver not found at ${webkitDriverPath}: apt-get install webkit2gtk-driver (or set WEBKIT_DRIVER_PATH)`,
    );
  if (!existsSync("/usr/bin/xvfb-run")) throw new Error("xvfb-run not found: apt-get install xvfb");
  const port = await freePort();
  // Its own process group, so closing ends xvfb-run, Xvfb and the driver together.
  const driver = spawn("xvfb-run", ["-a", webkitDriverPath, `--port=${port}`], { detached: true, stdio: "ignore" });
  const stopDriver = () => {
    try {
      process.kill(-driver.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  try {
    await until(
      "WebKitWebDriver to listen",
      () => fetch(`http://127.0.0.1:${port}/status`).then((response) => response.ok),
      30_000,
    );
    const client = await WebDriver.newSession({
      hostname: "127.0.0.1",
      port,
      path: "/",
      logLevel: "warn",
      capabilities: {
        "webkitgtk:browserOptions": { binary: miniBrowser, args: ["--automation"] },
      } as WebdriverIO.Capabilities,
    });
    const find = async (selector: string) => {
      const element = await client.findElement("css selector", selector);
      if (!element || "error" in element) throw new Error(`no element matches ${selector}`);
      return Object.values(element)[0] as string;
    };
    return {
      goto: (path) => client.navigateTo(new URL(path, baseUrl).href),
      eval: (expression) => client.executeScript(`return (${expression});`, []),
      async click(selector) {
        // WebKitGTK's driver does not scroll an element below the fold into view before clicking it.
        await client.executeScript(
          "document.querySelector(arguments[0]).scrollIntoView({ block: 'center', behavior: 'instant' });",
          [selector],
        );
        await client.elementClick(await find(selector));
      },
      async type(selector, text) {
        await client.elementSendKeys(await find(selector), text);
      },
      async typeInto(expression, text) {
        // A script's element comes back as a WebDriver element reference, shadow roots included.
        const element = (await client.executeScript(`return (${expression});`, [])) as Record<string, string> | null;
        if (!element) throw new Error(`no element for ${expression}`);
        await client.elementSendKeys(Object.values(element)[0], text);
      },
      async resize(width, height) {
        await client.setWindowRect(null, null, width, height);
      },
      async settle() {
        await until(
          "the network to settle",
          quietNetwork(() => client.executeScript(resourceCount, [])),
        );
      },
      pageErrors: () => client.executeScript("return window.__smokeErrors ?? [];", []),
      watchErrors: () => client.executeScript(`${errorWatcher};`, []),
      async close() {
        await client.deleteSession().catch(() => {});
        stopDriver();
      },
    };
  } catch (error) {
    stopDriver();
    throw error;
  }
}
