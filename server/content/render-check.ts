/**
 * Every page that shows the key rendered with the version, as a server will, before it is published: a text
 * that cannot render is refused with why, not found in a server's log. Without a build there is nothing to check.
 */
import { existsSync } from "node:fs";
import { pagesChangedBy, type EditableKey } from "#common/content-keys.ts";
import { loadCspManifest } from "../security-headers.ts";
import { finishPage, isFilePath, RenderError, rendererOnce, serverBuildFileOf } from "./page-renderer.ts";
import { isPostKey, postPath, slugOfPostKey } from "#common/post-keys.ts";
import { ContentRefused, type ContentStore } from "./store.ts";
import { checkContent } from "./validation.ts";

/** A version whose pages do not render: nothing was published. */
export class ContentUnrenderable extends ContentRefused {
  override name = "ContentUnrenderable";
}

/** "rendered": every page rendered; "no-build": there is no build beside `buildDir` to render with. */
export type RenderCheck = (key: string, version: number, body: string) => Promise<"rendered" | "no-build">;

/** The published text of every other key the servers show: a text that fails the save's checks they cannot render either. */
function shownBodies(published: Awaited<ReturnType<ContentStore["published"]>>, key: string): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const [other, { body }] of published.bodies) {
    if (other === key) continue;
    try {
      checkContent(other, body);
      bodies.set(other, body);
    } catch (error) {
      if (!(error instanceof ContentRefused)) throw error;
    }
  }
  return bodies;
}

/** The check for the build in `buildDir` (build/client), its renderer loaded once, on the first publish. */
export function renderCheckOf(buildDir: string, store: Pick<ContentStore, "published">): RenderCheck {
  const serverBuild = serverBuildFileOf(buildDir);
  const renderer = rendererOnce(serverBuild);
  return async (key, version, body) => {
    if (!existsSync(serverBuild)) return "no-build";
    const render = await renderer();
    const manifest = loadCspManifest(buildDir);
    const published = await store.published();
    const others = shownBodies(published, key);
    const renders = async (urlPath: string, bodies: Map<string, string>) => {
      if (isFilePath(urlPath)) await render.file(urlPath, { bodies });
      else finishPage(await render(urlPath, { bodies }), manifest);
    };
    const before = published.bodies.get(key)?.body;
    // Where the version stands (customer proof: the pages its entries are placed on), which is where it must render.
    for (const urlPath of pagesChangedBy(key as EditableKey, [body])) {
      try {
        await renders(urlPath, new Map([...others, [key, body]]));
      } catch (error) {
        if (!(error instanceof RenderError)) throw error;
        // A page that fails as it is published now fails for another key's text, which the servers skip:
        // that is no reason to refuse this one. (A post's own page exists only with the post.)
        const now = new Map(others);
        if (before !== undefined) now.set(key, before);
        const ownPage = isPostKey(key) && urlPath === postPath(slugOfPostKey(key));
        const failsAnyway =
          !(ownPage && before === undefined) &&
          (await renders(urlPath, now).then(
            () => false,
            () => true,
          ));
        if (failsAnyway) continue;
        throw new ContentUnrenderable(
          `"${key}" version ${version} is not published: ${error.message}. Nothing was published.`,
          { cause: error },
        );
      }
    }
    return "rendered";
  };
}
