import { pagePath } from "#common/paths.ts";

/** The links of the shell (requirements §2 "Shell on every page"). */
export const headerLinks = [
  { to: "/", label: "Home" },
  { to: "/features", label: "Features" },
  { to: "/products", label: "Products" },
  { to: "/solutions", label: "Solutions" },
  { to: "/support", label: "Support" },
  { to: "/demo", label: "Demo" },
] as const;

/**
 * How a header link relates to the current page: "page" on the page itself, "true" inside
 * its section (the feature pages under Features, the /demo-… pages under Demo), else none.
 */
export function headerLinkCurrent(to: string, pathname: string): "page" | "true" | undefined {
  const path = pagePath(pathname);
  if (path === to) return "page";
  if (to !== "/" && (path.startsWith(`${to}/`) || path.startsWith(`${to}-`))) return "true";
  return undefined;
}

/** The price cards on /products (its #pricing section), linked from the header and the footer. */
export const pricingPath = "/products#pricing";

export const footerLinks = [
  { to: "/demo", label: "Demo" },
  { to: "/contact", label: "Contact" },
  { to: "/privacy", label: "Privacy" },
  { to: "/terms", label: "Terms" },
  { to: "/about", label: "About" },
] as const;

/** Route change animation (requirements §2, §9; its 300 ms are in app.css): to the right when returning to Home. */
export function routeAnimation(pathname: string): "slide-left" | "slide-right" {
  return pathname === "/" ? "slide-right" : "slide-left";
}
