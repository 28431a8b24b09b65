import { describe, expect, it } from "vitest";
import { imageUrl, srcSet } from "./image-url.ts";

const host = "https://img.example.net";

describe("imageUrl", () => {
  it("leaves every URL alone when no image host is configured", () => {
    expect(imageUrl("/assets/img/a-1-540.avif", "")).toBe("/assets/img/a-1-540.avif");
  });
  it("moves root-relative and relative assets/ paths to the image host", () => {
    expect(imageUrl("/assets/img/a-1-540.avif", host)).toBe(`${host}/assets/img/a-1-540.avif`);
    expect(imageUrl("assets/img/a-1-540.webp", host)).toBe(`${host}/assets/img/a-1-540.webp`);
  });
  it("keeps the query and fragment", () => {
    expect(imageUrl("/assets/photo.jpg?v=2#x", host)).toBe(`${host}/assets/photo.jpg?v=2#x`);
  });
  it("does not rewrite SVG files, whatever the case of the extension or a query", () => {
    expect(imageUrl("/assets/img/badge.svg", host)).toBe("/assets/img/badge.svg");
    expect(imageUrl("assets/logo.SVG?v=1", host)).toBe("assets/logo.SVG?v=1");
  });
  it("does not rewrite paths outside assets/ or absolute URLs", () => {
    expect(imageUrl("/favicon.png", host)).toBe("/favicon.png");
    expect(imageUrl("/media/assets/x.png", host)).toBe("/media/assets/x.png");
    expect(imageUrl("https://cdn.example.org/assets/x.png", host)).toBe("https://cdn.example.org/assets/x.png");
  });
  it("joins a host given with a trailing slash without doubling it", () => {
    expect(imageUrl("/assets/x.png", `${host}/`)).toBe(`${host}/assets/x.png`);
  });
});

describe("srcSet", () => {
  it("lists each candidate with its width descriptor, rewritten", () => {
    const candidates = [
      { url: "/assets/img/a-540.avif", width: 540 },
      { url: "/assets/img/a-360.avif", width: 360 },
    ];
    expect(srcSet(candidates, "")).toBe("/assets/img/a-540.avif 540w, /assets/img/a-360.avif 360w");
    expect(srcSet(candidates, host)).toBe(`${host}/assets/img/a-540.avif 540w, ${host}/assets/img/a-360.avif 360w`);
  });
});
