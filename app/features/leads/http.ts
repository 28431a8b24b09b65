/**
 * The one way the app talks to servers. Non-GET requests to relative URLs carry the
 * anti-forgery header X-XSRF-TOKEN copied from the XSRF-TOKEN cookie (requirements §7); absolute
 * URLs never get it, so the token cannot leak to another host.
 */
export const xsrfCookieName = "XSRF-TOKEN";
export const xsrfHeaderName = "X-XSRF-TOKEN";

/** The XSRF-TOKEN cookie's value in a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** Relative means same origin: "/x", "x", "?q" — not "https://…" nor protocol-relative "//host". */
export const isRelativeUrl = (url: string) => !/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^[/\\]{2}/.test(url);

/** The request options with the XSRF header added where requirements §7 wants it. */
export function withXsrf(url: string, init: RequestInit = {}, cookies = ""): RequestInit {
  const method = (init.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD" || !isRelativeUrl(url)) return init;
  const token = readCookie(cookies, xsrfCookieName);
  if (!token) return init;
  const headers = new Headers(init.headers);
  headers.set(xsrfHeaderName, token);
  return { ...init, headers };
}

export interface HttpDeps {
  fetch: typeof fetch;
  cookies: () => string;
}

const browser: HttpDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  cookies: () => (typeof document === "undefined" ? "" : document.cookie),
};

export function http(url: string, init: RequestInit = {}, deps: HttpDeps = browser): Promise<Response> {
  return deps.fetch(url, withXsrf(url, init, deps.cookies()));
}

/** A URL with the given query parameters, empty values included (the wire format names every field). */
export function withQuery(url: string, params: Record<string, string>): string {
  return `${url}?${new URLSearchParams(params).toString()}`;
}
