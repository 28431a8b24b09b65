/**
 * The table of endpoints the fuzz gate (fuzz.test.ts) hammers, and the generators of hostile
 * input it is built from. A new endpoint is one more line in `endpoints`, e.g.
 *   query("GET", "/contactUs", ["domain", "type", "name", "email", "subject", "details"]),
 */
import fc from "fast-check";

export interface EndpointCase {
  name: string;
  method: "GET" | "HEAD" | "POST";
  url: fc.Arbitrary<string>;
  /** Request body and its content type (POST). */
  body?: fc.Arbitrary<{ payload: string; contentType: string }>;
  /** Headers every request of this case carries. */
  headers?: Record<string, string>;
}

/** Text a visitor or a bot might send: any unicode, control characters, markup, traversal, huge values. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\r\n",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\u202e\u200b",
    "𝕏🙂",
    "%",
    "a@b",
    "null",
  ),
  fc.integer().map(String),
  fc.string({ minLength: 2_000, maxLength: 70_000, unit: "grapheme-ascii" }),
);

/** A value as it appears in a URL: properly encoded, raw, or with a broken percent-encoding. */
export const urlEncoded = (text: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    text.map(encodeURIComponent),
    text.map((t) => t.replace(/[\s#?&/]/g, "")),
    fc.constantFrom("%", "%E0%A4%A", "%C3%28", "%ZZ", "%00", "%ff%fe", "%2e%2e%2f", "%u0041", "%F0%9F%98"),
  );

/** A query string: known names, unknown names, repeated names, missing values, or none at all. */
export const queryString = (names: string[]): fc.Arbitrary<string> => {
  const name = names.length ? fc.oneof(fc.constantFrom(...names), urlEncoded(hostileText)) : urlEncoded(hostileText);
  const pair = fc.oneof(
    fc.tuple(name, urlEncoded(hostileText)).map(([n, v]) => `${n}=${v}`),
    name,
  );
  return fc.oneof(
    fc.constant(""),
    fc.array(pair, { maxLength: 12 }).map((pairs) => (pairs.length ? `?${pairs.join("&")}` : "")),
    fc.constantFrom("?", "?&&", "?=", "?a=1&a=2&a=3"),
  );
};

/** A GET (or HEAD) endpoint with its query parameters: path may be fixed or generated. */
export function query(method: "GET" | "HEAD", path: string | fc.Arbitrary<string>, names: string[] = []): EndpointCase {
  const paths = typeof path === "string" ? fc.constant(path) : path;
  return {
    name: `${method} ${typeof path === "string" ? path : "(generated path)"}`,
    method,
    url: fc.tuple(paths, queryString(names)).map(([p, q]) => p + q),
  };
}

/** A POST endpoint with bodies of any shape: JSON of the right keys, any JSON, garbage, huge. */
export function post(path: string, keys: string[] = []): EndpointCase {
  const json = fc.oneof(
    fc
      .dictionary(
        keys.length ? fc.constantFrom(...keys) : fc.string(),
        fc.oneof(hostileText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue()),
      )
      .map((o) => JSON.stringify(o)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    hostileText,
  );
  const contentType = fc.constantFrom(
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/octet-stream",
    "application/json; charset=utf-16",
  );
  return {
    name: `POST ${path}`,
    method: "POST",
    url: fc.tuple(fc.constant(path), queryString([])).map(([p, q]) => p + q),
    body: fc.record({ payload: json, contentType }),
  };
}

/**
 * A form posted by a browser without JavaScript (a form body, Accept: text/html), from the
 * site's own page or another site's: any fields, raw or broken encodings.
 */
export function formPost(path: string, keys: string[], origin: string): EndpointCase {
  return {
    name: `POST ${path} as a form from ${origin}`,
    method: "POST",
    url: fc.constant(path),
    body: queryString(keys).map((query) => ({
      payload: query.replace(/^\?/, ""),
      contentType: "application/x-www-form-urlencoded",
    })),
    headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8", origin },
  };
}

/** The RUM pixel's path, /rum/{site}/{page}.png, with hostile site and page names. */
export const rumPixelPath = (site: string) =>
  fc
    .oneof(fc.constant(site), urlEncoded(hostileText))
    .chain((s) => urlEncoded(hostileText).map((page) => `/rum/${s}/${page}.png`));

/** Paths nobody linked: random segments, traversal, encoded slashes, very long. */
export const unknownPath = fc.oneof(
  fc.array(urlEncoded(hostileText), { minLength: 1, maxLength: 6 }).map((segments) => `/${segments.join("/")}`),
  fc.constantFrom(
    "//",
    "/./",
    "/..",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/assets/",
    "/assets/../index.html",
    "/index.html",
    "/.env",
    "/wp-login.php",
  ),
  fc.integer({ min: 1_000, max: 60_000 }).map((n) => `/${"a".repeat(n)}`),
);

/** Every endpoint of the server, given the pages and asset files of the build and the RUM site name. */
export function endpoints({
  pages,
  assets,
  rumSite,
  siteOrigin,
}: {
  pages: string[];
  assets: string[];
  rumSite: string;
  siteOrigin: string;
}): EndpointCase[] {
  const contactFields = ["domain", "type", "name", "email", "subject", "details"];
  const subscribeFields = ["list", "what", "email", "first_name", "last_name"];
  const pagePath = fc
    .constantFrom(...pages)
    .chain((p) => fc.constantFrom(p, `${p}/`.replace("//", "/"), `${p}//`, p.toUpperCase()));
  return [
    { ...query("GET", pagePath), name: "GET every prerendered page" },
    { ...query("HEAD", pagePath), name: "HEAD every prerendered page" },
    { ...query("GET", fc.constantFrom(...assets)), name: "GET every hashed asset" },
    query("GET", "/healthz"),
    { ...query("GET", unknownPath), name: "GET unknown paths" },
    { ...query("HEAD", unknownPath), name: "HEAD unknown paths" },
    post("/"),
    query("GET", "/contactUs", [...contactFields, "website", "vid"]),
    post("/contactUs", contactFields),
    formPost("/contactUs", contactFields, siteOrigin),
    formPost("/contactUs", contactFields, "https://evil.example"),
    query("GET", "/contactUs/sent"),
    query("GET", "/mailingList", [...subscribeFields, "vid"]),
    post("/mailingList", subscribeFields),
    formPost("/mailingList", subscribeFields, siteOrigin),
    query("GET", "/mailingList/sent"),
    {
      ...query("GET", "/mailingList", [...subscribeFields, "challenge"]),
      name: "GET /mailingList with a challenge solution",
    },
    query("GET", "/mailingList/challenge"),
    query("GET", "/mailingList/confirm", ["token"]),
    query("GET", "/mailingList/unsubscribe", ["token"]),
    post("/mailingList/unsubscribe", ["token"]),
    { ...query("GET", rumPixelPath(rumSite), ["u", "l", "d", "t"]), name: "GET the RUM pixel" },
    post("/api/collect", ["events", "uid", "page", "type", "category", "action", "label", "value", "rating", "title"]),
  ];
}
