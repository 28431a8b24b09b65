/**
 * Keeps the pages this server sends in step with what is published (README: Re-render, Every instance): the
 * counter is checked every `checkMs` (and on PostgreSQL's NOTIFY), the same check publishing what is due.
 */
import { hostname } from "node:os";
import fp from "fastify-plugin";
import { isConsolePath } from "#common/console.ts";
import { copiesOf } from "#common/compress.ts";
import { pagesChangedBy, pagesOf, isEditableKey, type EditableKey } from "#common/content-keys.ts";
import { isPostKey, postPath, slugOfPostKey } from "#common/post-keys.ts";
import type { CspManifest } from "#common/csp-hashes.ts";
import { firstFailureOnly, periodicWork } from "../periodic-work.ts";
import type { HeaderSet, SecurityHeaders } from "../security-headers.ts";
import { staticFile, type staticSite } from "../static-files.ts";
import {
  dataPathOf,
  finishFile,
  finishPage,
  isFilePath,
  rendererOnce,
  serverBuildFileOf,
  type FinishedPage,
} from "./page-renderer.ts";
import { contentPublishing } from "./publishing.ts";

export interface LiveContentOptions {
  /** The served site; undefined when the server serves no pages (npm run dev): schedules still go out. */
  site?: ReturnType<typeof staticSite>;
  security: SecurityHeaders;
  manifest: CspManifest;
  /** build/client; the renderer is build/server/index.js beside it. */
  buildDir: string;
  /** How often the counter is checked and due schedules published. */
  checkMs: number;
}

/** A published key whose pages do not render on this server: they keep showing what they showed. */
export interface ContentFailure {
  key: string;
  /** The published version that does not render. */
  version: number;
  /** Why, as the renderer said ("/blog/x cannot be rendered: … unknown placeholder {{nope}}"). */
  error: string;
  /** What its pages show instead: the last version that rendered here, the file, or (a post) nothing. */
  shows: "last good version" | "file" | "nothing";
}

declare module "fastify" {
  interface FastifyInstance {
    /** Applies what is published now (tests, after a publish through the store). */
    applyPublishedContent(): Promise<void>;
    /** The published keys whose pages this server cannot render (/healthz, /metrics). */
    contentFailures(): ContentFailure[];
  }
}

type Rendered = { finished: FinishedPage[]; files: ReturnType<typeof finishFile>[]; failed: Map<string, string> };

export const liveContent = fp<LiveContentOptions>(
  async (app, { site, security, manifest, buildDir, checkMs }) => {
    const store = app.stores.content;
    const publishing = contentPublishing(store, (entry) => app.stores.console.audit(entry));
    const address = `server@${hostname()}`;
    const renderer = rendererOnce(serverBuildFileOf(buildDir));
    /** The published body per key that the served pages show (absent: the file, or for a post no page). */
    let shown = new Map<string, string>();
    /** Keys whose published body does not render, with that body: not tried again until another is published. */
    let failures = new Map<string, ContentFailure & { body: string }>();
    let generation: number | undefined;
    app.decorate("contentFailures", () => [...failures.values()].map(({ body: _body, ...failure }) => failure));

    const renderAll = async (pages: readonly string[], bodies: Map<string, string>): Promise<Rendered> => {
      const rendered: Rendered = { finished: [], files: [], failed: new Map() };
      for (const urlPath of pages) {
        try {
          const render = await renderer();
          if (isFilePath(urlPath)) rendered.files.push(finishFile(urlPath, await render.file(urlPath, { bodies })));
          else rendered.finished.push(finishPage(await render(urlPath, { bodies }), manifest));
        } catch (error) {
          rendered.failed.set(urlPath, error instanceof Error ? error.message : String(error));
        }
      }
      return rendered;
    };
    /** Every page the build prerendered, but the console (it has no shell): what a change of the shell renders. */
    const everyPage = Object.keys(manifest.pages).filter((urlPath) => !isConsolePath(urlPath));
    const hasPost = (bodies: Map<string, string>) => [...bodies.keys()].some(isPostKey);
    /** A post's own page, which exists only while the post is among the bodies. */
    const ownPageOf = (key: string) => (isPostKey(key) ? postPath(slugOfPostKey(key)) : undefined);

    /** A rendered file as the site serves it, with the compressed copies the build would have written. */
    const served = async (urlPath: string, name: string, body: Buffer, securityHeaders?: HeaderSet) => ({
      urlPath,
      file: staticFile(name, body, await copiesOf(name, body)),
      ...(securityHeaders && { securityHeaders }),
    });

    const apply = async () => {
      const state = await store.published();
      if (state.generation === generation) return;
      const bodies = new Map([...state.bodies].map(([key, { body }]) => [key, body]));
      if (!site) {
        shown = bodies;
        generation = state.generation;
        return;
      }
      // A key known not to render with this very body is left as it is: the same text fails the same way.
      const known = new Set(
        [...failures].filter(([key, failure]) => bodies.get(key) === failure.body).map(([key]) => key),
      );
      const changed = [...new Set([...shown.keys(), ...bodies.keys()])].filter(
        (key): key is EditableKey => isEditableKey(key) && !known.has(key) && shown.get(key) !== bodies.get(key),
      );
      /** What is published (or `from`), except that each of `bad` keeps what its pages show now. */
      const keeping = (bad: Iterable<string>, from = bodies) => {
        const next = new Map(from);
        for (const key of bad) {
          if (shown.has(key)) next.set(key, shown.get(key)!);
          else next.delete(key);
        }
        return next;
      };
      const pagesFor = (showing: Map<string, string>) =>
        [
          ...new Set([
            // Customer proof: only the pages it stands on, as shown and as published.
            ...changed.flatMap((key) => pagesChangedBy(key, [shown.get(key), showing.get(key)])),
            // The shell of every page links to the blog only while it has a post (FooterContent, from entry.server.tsx).
            ...(hasPost(showing) === hasPost(shown) ? [] : everyPage),
          ]),
        ].filter((page) => !changed.some((key) => ownPageOf(key) === page && !showing.has(key)));

      // The usual case: everything published renders together.
      let culprits = new Map<string, string>();
      let target = keeping(known);
      let rendered = await renderAll(pagesFor(target), target);
      if (rendered.failed.size) {
        // One key's text must not take the others' pages down (an unknown {{placeholder}} in one post
        // would fail /blog and every post): each changed key whose pages failed is rendered again on
        // its own, with everything else as shown, and only the keys that fail so are skipped.
        const failedPages = rendered.failed;
        for (const key of changed.filter(
          (key) => bodies.has(key) && pagesOf(key).some((page) => failedPages.has(page)),
        )) {
          const alone = keeping([...known, ...changed.filter((other) => other !== key)]);
          const trial = await renderAll(
            pagesOf(key).filter((page) => failedPages.has(page)),
            alone,
          );
          const [why] = trial.failed.values();
          if (why !== undefined) culprits.set(key, why);
        }
        // Failing only together (no key fails alone): each key of a failed page is skipped.
        if (!culprits.size)
          culprits = new Map(
            changed.flatMap((key) => {
              const page = pagesOf(key).find((urlPath) => failedPages.has(urlPath));
              return page && bodies.has(key) ? [[key, failedPages.get(page)!] as const] : [];
            }),
          );
        target = keeping([...known, ...culprits.keys()]);
        rendered = await renderAll(pagesFor(target), target);
      }

      // A post no longer shown (unpublished, or never rendered) has no page: its path redirects like any unknown one.
      const gone = changed.filter((key) => isPostKey(key) && !target.has(key)).map((key) => ownPageOf(key)!);
      site.replace(
        await Promise.all([
          ...rendered.finished.flatMap((page) => [
            served(page.urlPath, "index.html", page.html, security.forPage(page.urlPath, page.scriptHashes)),
            served(page.dataPath, page.dataPath, page.data),
          ]),
          ...rendered.files.map((file) => served(file.urlPath, file.urlPath, file.body)),
        ]),
        gone.flatMap((page) => [page, dataPathOf(page)]),
      );
      // A page that failed even so keeps what it shows; its keys count as not shown, so the next publish renders it again.
      const next = keeping(
        changed.filter((key) => pagesOf(key).some((page) => rendered.failed.has(page))),
        target,
      );
      for (const [urlPath, why] of rendered.failed)
        app.log.error(
          `content: ${urlPath} could not be rendered with the published content (${why}); it keeps its current text`,
        );

      const nextFailures = new Map([...failures].filter(([key]) => known.has(key)));
      for (const [key, error] of culprits) {
        const { version } = state.bodies.get(key)!;
        const shows = shown.has(key) ? "last good version" : isPostKey(key) ? "nothing" : "file";
        nextFailures.set(key, { key, version, error, shows, body: bodies.get(key)! });
        app.log.error(
          `content: ${key} version ${version} is published but cannot be rendered (${error}); ` +
            `its pages show ${shows === "last good version" ? "the last version that rendered" : shows === "file" ? "its file" : "no post"}`,
        );
      }
      failures = nextFailures;
      shown = next;
      generation = state.generation;
      const done = [...rendered.finished, ...rendered.files].map((page) => page.urlPath);
      if (done.length || gone.length)
        app.log.info(
          `content: ${changed.filter((key) => !culprits.has(key)).join(", ")} published; ` +
            `${[...done, ...gone.map((page) => `${page} (removed)`)].join(", ")} rendered again`,
        );
    };

    // A NOTIFY, each check and the tests ask for an application: one runs at a time, and an ask
    // during a run is served by one more run.
    const applying = periodicWork(apply, {
      onError: (error) =>
        app.log.error({ err: error }, "content: cannot read what is published; trying again every check"),
    });
    app.decorate("applyPublishedContent", applying.kick);

    // Once closing, nothing takes a connection from the pool: a listener started after onClose
    // would be held for ever, and the pool's end (so the stop) would wait for it.
    let closing = false;
    let listener: Awaited<ReturnType<NonNullable<typeof store.listen>>> | undefined;
    const startListening = firstFailureOnly((error) =>
      app.log.warn({ err: error }, "content: cannot LISTEN for publishes; the periodic check finds them"),
    );
    const listen = async () => {
      if (!store.listen || closing || listener?.alive()) return;
      listener = await startListening(() => store.listen!(() => void applying.kick()));
      if (closing) await listener?.stop();
    };

    // A database outage fails every check: its first failure is logged, then nothing until one succeeds.
    const publishDue = firstFailureOnly((error) =>
      app.log.error({ err: error }, "content: cannot publish what is due; trying again every check"),
    );
    const checking = periodicWork(
      async (stopping) => {
        await publishDue(() => publishing.publishDue(address, new Date()));
        if (stopping.aborted) return;
        await listen();
        await applying.kick();
      },
      { everyMs: checkMs },
    );

    // Before the server listens: its first answer already shows what is published.
    await listen();
    await applying.kick();
    checking.start();
    app.addHook("onClose", async () => {
      closing = true;
      const checked = checking.stop();
      await listener?.stop();
      await Promise.all([checked, applying.stop()]);
    });
  },
  { name: "live-content", dependencies: ["stores"] },
);
