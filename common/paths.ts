/**
 * The one trailing-slash rule. A page path has no trailing slash except the root ("/"), so
 * "/features/" and "/features" name one page; a base URL (site, image host) has none at all,
 * so "base + /path" never doubles the slash.
 */
export const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, "");

/** The canonical form of a page path: "/features/" -> "/features", "/" and "" -> "/". */
export const pagePath = (pathname: string) => withoutTrailingSlash(pathname) || "/";
