import { describe, expect, it } from "vitest";
import { embedUrl } from "./youtube.ts";

describe("embedUrl", () => {
  it("embeds from the given host with autoplay and the API enabled for our origin", () => {
    const url = new URL(embedUrl("https://www.youtube-nocookie.com", "a b", "https://www.tallyway.example"));
    expect(url.origin + url.pathname).toBe("https://www.youtube-nocookie.com/embed/a%20b");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      autoplay: "1",
      enablejsapi: "1",
      playsinline: "1",
      rel: "0",
      origin: "https://www.tallyway.example",
    });
  });
});
