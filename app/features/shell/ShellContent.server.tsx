import { staticMarkup } from "#app/features/static-html/render.server.tsx";
import { FooterContent } from "./FooterContent.tsx";
import { HeaderActions, HeaderBrand, MenuContent } from "./HeaderContent.tsx";
import type { ShellPart } from "./shell-html.ts";

/**
 * The shell's static parts for one page, as HTML (entry.server.tsx: at build and at a publish's
 * re-render). `blog`: whether the blog has a published post, which the footer links to only then.
 */
export const shellHtml = (pathname: string, blog: boolean): Record<ShellPart, string> => ({
  "header-brand": staticMarkup(pathname, <HeaderBrand />),
  "header-actions": staticMarkup(pathname, <HeaderActions pathname={pathname} />),
  "header-menu": staticMarkup(pathname, <MenuContent pathname={pathname} />),
  "site-footer": staticMarkup(pathname, <FooterContent blog={blog} />),
});
