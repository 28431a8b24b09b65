import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Shows content rendered from markdown at build time. Internal links inside it navigate
 * client-side (with the route animation) instead of reloading the page.
 */
export function Markdown({ html, className = "prose" }: { html: string; className?: string }) {
  const navigate = useNavigate();
  function followInternalLink(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest("a");
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//") || link?.target) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  }
  // The HTML comes from our own markdown files, rendered with raw HTML disabled.
  return <div className={className} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: html }} />;
}
