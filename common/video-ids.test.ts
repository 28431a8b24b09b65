import { describe, expect, it } from "vitest";
import { ConfigError, loadSiteConfig } from "./site.ts";
import { parseVideoIds, placeholderVideoIds, videoIdOf } from "./video-ids.ts";

describe("video ids", () => {
  it("reads VIDEO_IDS as name=id pairs and keeps the placeholder of every video it does not name", () => {
    const site = loadSiteConfig({ VIDEO_IDS: " tour=dQw4w9WgXcQ , classic-case=abc_12-3 " });
    expect(videoIdOf(site, "tour")).toBe("dQw4w9WgXcQ");
    expect(videoIdOf(site, "classic-case")).toBe("abc_12-3");
    expect(videoIdOf(site, "timer")).toBe(placeholderVideoIds.timer);
    expect(videoIdOf(loadSiteConfig({}), "tour")).toBe("tw-tour-01");
  });

  it("refuses an unknown video or a malformed pair with a message that says what is allowed", () => {
    expect(parseVideoIds("intro=abc").problem).toMatch(/"intro" is not a video; the videos are tour, timesheet/);
    expect(parseVideoIds("tour=a b").problem).toMatch(/"tour=a b" is not name=id/);
    expect(() => loadSiteConfig({ VIDEO_IDS: "tour" })).toThrow(ConfigError);
    expect(() => loadSiteConfig({ VIDEO_IDS: "tour" })).toThrow(/VIDEO_IDS must be name=id pairs/);
  });
});
