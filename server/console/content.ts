/** The console's content API (owners and editors): every change is checked and audited by content/publishing.ts. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { consoleApiPath, isConsolePath } from "#common/console.ts";
import type {
  ContentEntryAnswer,
  ContentListAnswer,
  ContentListItem,
  ContentStatus,
  PostListAnswer,
} from "#common/console-api.ts";
import {
  contentKeyInput,
  contentPagePreviewQuery,
  contentPreviewInput,
  contentPublishInput,
  contentRestoreInput,
  contentSaveInput,
} from "#common/console-input.ts";
import {
  contentFileName,
  editableKeys,
  isEditableKey,
  keyTitle,
  pagesOf,
  type EditableKey,
} from "#common/content-keys.ts";
import { isStructuredKey } from "#common/content-schemas.ts";
import { isPostKey, slugOfPostKey } from "#common/post-keys.ts";
import { newPostText, newestFirst, postFieldsOf } from "#common/posts.ts";
import { contentPreviewOf, previewPolicy } from "../content/preview.ts";
import { RenderError, serverBuildFileOf } from "../content/page-renderer.ts";
import { purgeRef } from "../content/purge.ts";
import { contentPublishing, type Editor } from "../content/publishing.ts";
import { ContentUnrenderable, renderCheckOf } from "../content/render-check.ts";
import { ContentConflict, ContentRefused, type ContentState } from "../content/store.ts";
import { commonHeaders, loadCspManifest } from "../security-headers.ts";
import { inputFrom, only } from "./access.ts";

const base = `${consoleApiPath}/content`;

/** The state of a key as the list shows it, from the store's row (none: never edited). */
export function listItemOf(key: EditableKey, state: ContentState | undefined): ContentListItem {
  const latest = state?.latestVersion ?? 0;
  const status: ContentStatus =
    !state || latest === 0
      ? "file"
      : state.scheduledVersion !== null
        ? "scheduled"
        : state.publishedVersion === latest
          ? "published"
          : "draft";
  // The newer of the last save and the last publish (a schedule's time is when it will publish, not when it was set).
  const saved = { at: state?.latestAt ?? null, by: state?.latestBy ?? null };
  const published = { at: state?.publishedAt ?? null, by: state?.publishedBy ?? null };
  const changed = published.at && (!saved.at || Date.parse(published.at) > Date.parse(saved.at)) ? published : saved;
  return {
    key,
    pages: pagesOf(key),
    status,
    latestVersion: latest,
    publishedVersion: state?.publishedVersion ?? null,
    scheduledVersion: state?.scheduledVersion ?? null,
    scheduledAt: state?.scheduledAt ?? null,
    changedBy: changed.by,
    changedAt: changed.at,
  };
}

const contentDirectory = () => path.resolve(process.env.CONTENT_DIR ?? "content");
/** content/<key>.md (or .json), what serves until a publish ("" if missing); a post starts empty, dated today. */
const fileTextOf = async (key: EditableKey) =>
  isPostKey(key)
    ? newPostText("", new Date().toISOString().slice(0, 10))
    : readFile(path.join(contentDirectory(), contentFileName(key)), "utf8").catch(() => "");

/** A content request's fields, in its query (GET) or body (POST). */
const fieldsOf = (request: FastifyRequest) => ({
  ...(request.query as Record<string, unknown>),
  ...(request.body as Record<string, unknown> | undefined),
});
const keyOf = (request: FastifyRequest) => inputFrom(contentKeyInput, fieldsOf(request)).key;

export async function contentRoutes(app: FastifyInstance) {
  const { buildDir, site } = app.config;
  const content = app.stores.content;
  // A publish renders its pages first: text that cannot be rendered is refused here, not found in a log.
  const publishing = contentPublishing(content, (entry) => app.stores.console.audit(entry), {
    renders: renderCheckOf(buildDir, content),
  });
  const preview = contentPreviewOf(serverBuildFileOf(buildDir), site, () => loadCspManifest(buildDir));

  const editors = only(["owner", "editor"], "Only an owner or an editor account may change content.");
  const accountOf = (request: FastifyRequest) => request.account!.email;
  const editorOf = (request: FastifyRequest): Editor => ({
    account: accountOf(request),
    address: request.ip,
    now: new Date(),
  });
  /** A route on one key (`key` in its query or body), for owners and editors; 404 for a key not editable. */
  const keyRoute = (
    method: "GET" | "POST",
    name: string,
    handler: (key: EditableKey, request: FastifyRequest, reply: FastifyReply) => unknown,
  ) =>
    app.route({
      method,
      url: `${base}/${name}`,
      preHandler: editors,
      handler: async (request, reply) => {
        const key = keyOf(request);
        return key ? handler(key, request, reply) : reply.code(404).send({ error: "No such content key." });
      },
    });

  /** The key as `account`'s editor opens it: with what that account's editor kept as typed, if anything. */
  const entry = async (key: EditableKey, account: string): Promise<ContentEntryAnswer> => {
    const state = (await content.states()).find((row) => row.key === key);
    const latest = (await content.version(key)) ?? null;
    const published = state?.publishedVersion ? ((await content.version(key, state.publishedVersion)) ?? null) : null;
    const purges = state?.publishedVersion
      ? await app.stores.outbox.deliveries([purgeRef(key, state.publishedVersion)])
      : [];
    return {
      item: listItemOf(key, state),
      latest,
      published,
      fileText: await fileTextOf(key),
      purge: purges[0] ?? null,
      autosave: (await content.autosaved(key, account)) ?? null,
    };
  };

  // A refused or conflicting change answers 400 or 409 with what to do, a version whose pages do not
  // render 422 with why, a preview without the site's build 503; anything else is the app's to answer.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ContentConflict)
      return reply.code(409).send({
        error:
          "Someone else saved this text since you opened it, so your save was refused. Your text is still in the editor: " +
          "compare it with the newest version (History) before you save again.",
      });
    if (error instanceof ContentUnrenderable) return reply.code(422).send({ error: error.message });
    if (error instanceof ContentRefused) return reply.code(400).send({ error: error.message });
    if (!(error instanceof RenderError)) throw error;
    app.log.warn({ err: error }, "console: content preview unavailable");
    return reply.code(503).send({ error: "The preview needs the site's build on the server, and it has none." });
  });

  app.get(base, { preHandler: editors }, async () => {
    const states = new Map((await content.states()).map((state) => [state.key, state]));
    // The site's pages, for the editor's check of internal links: the build's list of prerendered pages.
    const sitePaths = Object.keys(loadCspManifest(buildDir).pages).filter((urlPath) => !isConsolePath(urlPath));
    return { keys: editableKeys.map((key) => listItemOf(key, states.get(key))), sitePaths } satisfies ContentListAnswer;
  });

  // The blog's posts, newest first, with their newest version's title and date; a post this account began and
  // never saved (only kept as typed) is listed too, so the writer finds it again.
  app.get(`${base}/posts`, { preHandler: editors }, async (request) => {
    const states = (await content.states()).filter((state) => isPostKey(state.key));
    const saved = new Set(states.map((state) => state.key));
    const begun = (await content.autosavesOf(accountOf(request))).filter(
      (kept) => isPostKey(kept.key) && isEditableKey(kept.key) && !saved.has(kept.key),
    );
    const rows = [
      ...states.map((state) => ({ key: state.key, state, kept: undefined })),
      ...begun.map((kept) => ({ key: kept.key, state: undefined, kept: kept.body })),
    ];
    const posts = await Promise.all(
      rows.map(async ({ key: name, state, kept }) => {
        const key = name as EditableKey & `post/${string}`;
        const { title = "", date = "" } = postFieldsOf(kept ?? (await content.version(key))?.body ?? "") ?? {};
        return {
          key,
          fields: { date },
          post: { key, slug: slugOfPostKey(key), title, date, item: listItemOf(key, state) },
        };
      }),
    );
    return { posts: newestFirst(posts).map(({ post }) => post) } satisfies PostListAnswer;
  });

  keyRoute("POST", "unpublish", async (key, request, reply) => {
    if (!isPostKey(key))
      return reply
        .code(400)
        .send({ error: "Only a post can be taken off the site; publish another version of a page instead." });
    await publishing.unpublish(key, editorOf(request));
    await app.applyPublishedContent();
    return { entry: await entry(key, accountOf(request)) };
  });

  keyRoute("POST", "unschedule", async (key, request) => {
    await publishing.unschedule(key, editorOf(request));
    return { entry: await entry(key, accountOf(request)) };
  });

  keyRoute("GET", "entry", (key, request) => entry(key, accountOf(request)));

  keyRoute("GET", "history", async (key) => ({ versions: await content.history(key) }));

  keyRoute("POST", "save", async (key, request) => {
    const { body, baseVersion } = inputFrom(contentSaveInput, fieldsOf(request));
    const saved = await publishing.save(key, body, baseVersion, editorOf(request));
    return { saved, entry: await entry(key, accountOf(request)) };
  });

  // Every few seconds while someone types: their text, kept apart from the versions (publishing.ts).
  keyRoute("POST", "autosave", async (key, request) => {
    const { body, baseVersion } = inputFrom(contentSaveInput, fieldsOf(request));
    return publishing.autosave(key, body, baseVersion, editorOf(request));
  });

  // The editor's "Discard": back to the saved text, the kept copy gone.
  keyRoute("POST", "discard-autosave", async (key, request) => {
    await content.discardAutosave(key, accountOf(request));
    return { entry: await entry(key, accountOf(request)) };
  });

  keyRoute("POST", "publish", async (key, request) => {
    const { version, at } = inputFrom(contentPublishInput, fieldsOf(request));
    await publishing.publish(key, version, at, editorOf(request));
    // The answer waits for this server's pages: "published" means the site shows it (others hear by NOTIFY or their check).
    await app.applyPublishedContent();
    return { entry: await entry(key, accountOf(request)) };
  });

  keyRoute("POST", "restore", async (key, request) => {
    const { version } = inputFrom(contentRestoreInput, fieldsOf(request));
    // A post has no original text: its version 0 is refused like any unknown one.
    const original = isPostKey(key) ? undefined : await fileTextOf(key);
    const saved = await publishing.restore(key, version, editorOf(request), original);
    return { saved, entry: await entry(key, accountOf(request)) };
  });

  keyRoute("POST", "preview", async (key, request, reply) => {
    const { body } = inputFrom(contentPreviewInput, fieldsOf(request));
    // A structured key has no text of its own to draw: its preview is the real page (preview-page). A post's
    // text (its markdown field) is drawn like any markdown.
    if (isStructuredKey(key) && !isPostKey(key))
      return reply.code(400).send({ error: `"${key}" is previewed on its page.` });
    const render = await preview();
    try {
      return { html: render.draft(key, body) };
    } catch (error) {
      // An unknown {{placeholder}}: the page would fail the same way, so the editor is told which.
      return reply.code(400).send({ error: (error as Error).message });
    }
  });

  // The real page with a saved version (0: the file) of the key in place of its published text.
  keyRoute("GET", "preview-page", async (key, request, reply) => {
    const { path: asked, version } = inputFrom(contentPagePreviewQuery, fieldsOf(request));
    const urlPath = asked ?? pagesOf(key)[0];
    if (!pagesOf(key).includes(urlPath) || /\.[a-z]+$/.test(urlPath))
      return reply.code(400).send({ error: `"${key}" is not shown on ${urlPath}.` });
    const chosen = version === 0 ? { body: await fileTextOf(key) } : await content.version(key, version);
    if (!chosen) return reply.code(404).send({ error: `"${key}" has no version ${version}.` });
    const render = await preview();
    const bodies = new Map([...(await content.published()).bodies].map(([name, { body }]) => [name, body]));
    bodies.set(key, chosen.body);
    // In the editor's words: the page and part as the content list names them, never the key or a file.
    const { page: pageName, name } = keyTitle(key);
    const what = isPostKey(key) ? `Post “${postFieldsOf(chosen.body)?.title || "Untitled"}”` : `${pageName} · ${name}`;
    const label = `${what}, ${version === 0 ? "the original text" : `version ${version}`}`;
    const page = await render.page(urlPath, bodies, label).catch((error: unknown) => {
      if (error instanceof RenderError) return undefined;
      throw error;
    });
    if (page === undefined)
      return reply
        .code(400)
        .send({ error: "This version cannot be shown: its page does not render. Check its placeholders." });
    return reply
      .headers(commonHeaders)
      .type("text/html; charset=utf-8")
      .header("content-security-policy", previewPolicy(site, loadCspManifest(buildDir)))
      .header("x-robots-tag", "noindex, nofollow")
      .header("referrer-policy", "no-referrer")
      .send(page);
  });
}
