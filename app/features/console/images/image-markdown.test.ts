import { describe, expect, it } from "vitest";
import { altFromName, imageMarkdown, thumbnailOf } from "./image-markdown.ts";

describe("image markdown", () => {
  const ref = "/assets/uploads/3f2a9c1b0d4e5f67-1200x800";

  it("writes one image whatever the alternative text holds", () => {
    expect(imageMarkdown(ref, "Our team")).toBe(`![Our team](${ref})`);
    expect(imageMarkdown(ref, "a [b] \\ c")).toBe(`![a \\[b\\] \\\\ c](${ref})`);
  });

  it("starts the alternative text from the file's name", () => {
    expect(altFromName("team-photo_2024.jpg")).toBe("team photo 2024");
    expect(altFromName("Logo.PNG")).toBe("Logo");
  });

  it("shows the smallest WebP as the thumbnail, with its box", () => {
    expect(thumbnailOf(ref)).toEqual({ src: `${ref}-360.webp`, width: 360, height: 240 });
    expect(thumbnailOf("/assets/uploads/3f2a9c1b0d4e5f67-200x100")).toEqual({
      src: "/assets/uploads/3f2a9c1b0d4e5f67-200x100-200.webp",
      width: 200,
      height: 100,
    });
    expect(thumbnailOf("/elsewhere.png")).toBeUndefined();
  });
});
