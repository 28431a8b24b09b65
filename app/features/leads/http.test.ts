import { describe, expect, it } from "vitest";
import { http, isRelativeUrl, readCookie, withQuery, withXsrf } from "./http.ts";

const cookies = "uid=abc; XSRF-TOKEN=tok%2Ben; other=1";
const headerOf = (init: RequestInit) => new Headers(init.headers).get("X-XSRF-TOKEN");

describe("readCookie", () => {
  it("finds a cookie by exact name and decodes it", () => {
    expect(readCookie(cookies, "XSRF-TOKEN")).toBe("tok+en");
    expect(readCookie("XSRF-TOKEN-OLD=x", "XSRF-TOKEN")).toBeUndefined();
    expect(readCookie("", "XSRF-TOKEN")).toBeUndefined();
    expect(readCookie("XSRF-TOKEN=%E0%A4%A", "XSRF-TOKEN")).toBe("%E0%A4%A");
  });
});

describe("isRelativeUrl", () => {
  it("treats paths as relative and anything with a scheme or host as absolute", () => {
    for (const url of ["/contactUs", "contactUs", "?a=1", "./x"]) expect(isRelativeUrl(url), url).toBe(true);
    for (const url of ["https://api.example/x", "HTTP://x", "//evil.example/x", "\\\\evil.example", "mailto:a@b"])
      expect(isRelativeUrl(url), url).toBe(false);
  });
});

describe("withXsrf", () => {
  it("adds X-XSRF-TOKEN from the cookie to non-GET requests to relative URLs", () => {
    expect(headerOf(withXsrf("/contactUs", { method: "POST" }, cookies))).toBe("tok+en");
    expect(headerOf(withXsrf("/x", { method: "delete", headers: { Accept: "application/json" } }, cookies))).toBe(
      "tok+en",
    );
    expect(
      new Headers(withXsrf("/x", { method: "PUT", headers: { Accept: "application/json" } }, cookies).headers).get(
        "Accept",
      ),
    ).toBe("application/json");
  });
  it("leaves GET and HEAD, absolute URLs and visitors without the cookie alone", () => {
    expect(headerOf(withXsrf("/contactUs", {}, cookies))).toBeNull();
    expect(headerOf(withXsrf("/contactUs", { method: "HEAD" }, cookies))).toBeNull();
    expect(headerOf(withXsrf("https://api.example/contactUs", { method: "POST" }, cookies))).toBeNull();
    expect(headerOf(withXsrf("//api.example/contactUs", { method: "POST" }, cookies))).toBeNull();
    expect(headerOf(withXsrf("/contactUs", { method: "POST" }, "uid=1"))).toBeNull();
  });
});

describe("http", () => {
  it("sends through the given fetch with the header added", async () => {
    const seen: [string, RequestInit][] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      seen.push([String(url), init ?? {}]);
      return new Response("{}");
    };
    await http("/mailingList", { method: "POST" }, { fetch: fetch as typeof globalThis.fetch, cookies: () => cookies });
    expect(seen[0][0]).toBe("/mailingList");
    expect(headerOf(seen[0][1])).toBe("tok+en");
  });
});

describe("withQuery", () => {
  it("encodes every parameter, empty ones included", () => {
    expect(withQuery("/contactUs", { name: "", email: "a+b@example.com", details: "1 & 2" })).toBe(
      "/contactUs?name=&email=a%2Bb%40example.com&details=1+%26+2",
    );
  });
});
