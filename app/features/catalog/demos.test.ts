import { describe, expect, it } from "vitest";
import { posterNames } from "#art/artworks.ts";
import { classicDemos } from "./classic-demos.ts";
import { demos, projectAllocationDemo, promoVideo } from "./demos.ts";

describe("the videos' posters", () => {
  const videos = [promoVideo, ...demos, projectAllocationDemo, ...classicDemos];

  it("give every video its own poster, and every poster drawn is used", () => {
    const posters = videos.map((video) => video.poster);
    expect(new Set(posters).size).toBe(videos.length);
    expect([...posters].sort()).toEqual([...posterNames].sort());
  });
});
