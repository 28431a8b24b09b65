/**
 * The published text of content keys, handed to the loaders through React Router's context when
 * the server re-renders a page after a publish (server/content/page-renderer.ts). While the build
 * prerenders there is none (the default), so every key reads its file. entry.server.tsx exports
 * this context, so the server finds the very object the loaders of the server build read.
 */
import { createContext } from "react-router";
import type { PublishedContent } from "#common/content-keys.ts";

export const publishedContentContext = createContext<PublishedContent>({ bodies: new Map() });

/** What the loaders receive as `context`: only `get` is used, so a test may pass a stand-in. */
export interface ContentContext {
  get(context: typeof publishedContentContext): PublishedContent;
}
