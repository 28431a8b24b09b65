import { describe, expect, it } from "vitest";
import { browserOf, deviceOf } from "./devices.ts";

const agents = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  firefoxMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  iPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  chromeIPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  iPad: "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  pixel:
    "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36",
  opera:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
  curl: "curl/8.5.0",
};

describe("deviceOf and browserOf", () => {
  it.each([
    ["chromeWindows", "desktop", "Chrome"],
    ["edge", "desktop", "Edge"],
    ["firefoxMac", "desktop", "Firefox"],
    ["safariMac", "desktop", "Safari"],
    ["iPhone", "phone", "Safari"],
    ["chromeIPhone", "phone", "Chrome"],
    ["iPad", "tablet", "Safari"],
    ["pixel", "phone", "Chrome"],
    ["androidTablet", "tablet", "Samsung Internet"],
    ["opera", "desktop", "Opera"],
    ["curl", "desktop", "Other"],
  ] as const)("%s is a %s on %s", (name, device, browser) => {
    expect(deviceOf(agents[name])).toBe(device);
    expect(browserOf(agents[name])).toBe(browser);
  });

  it("reads a missing header as a desktop of another browser", () => {
    expect([deviceOf(undefined), browserOf(undefined)]).toEqual(["desktop", "Other"]);
  });
});
