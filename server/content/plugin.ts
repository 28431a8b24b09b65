/**
 * Keeps the pages this server sends in step with what is published: at start and whenever the
 * publication counter moves, the pages that show a changed key are rendered again with the build's
 * renderer (page-renderer.ts) and swapped into the in-memory site with their route data, policy and
 * compressed copies. How a server hears of a publish: PostgreSQL tells it (LISTEN/NOTIFY) and it
 * also checks the counter every `checkMs` in case a notification was lost; SQLite has one server,
 * which checks the counter every `checkMs` (a CLI publish is another process). The same check
 * publishes schedules that are due; the one instance that claims a schedule audits it.
 */
import { hostname } from "node:os";
import fp from "fastify-plugin";
import { pagesOf, isEditableKey } from "#common/content-keys.ts";
import { isPostKey, postPath, slugOfPostKey, type PostKey } from "#common/post-keys.ts";
import type { CspManifest } from "#common/csp-hashes.ts";
import type { SecurityHeaders } from "../security-headers.ts";
import { staticFile, type staticSite } from "../static-files.ts";
import {
  dataPathOf,
  finishFile,
  finishPage,
  isFilePath,
  loadPageRenderer,
  serverBuildFileOf,
  type FinishedPage,
  type PageRenderer,
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

declare module "fastify" {
  interface FastifyInstance {
    /** Applies what is published now (tests, after a publish through the store). */
    applyPublishedContent(): Promise<void>;
  }
}

export const liveContent = fp<LiveContentOptions>(
  async (app, { site, security, manifest, buildDir, checkMs }) => {
    const store = app.stores.content;
    const publishing = contentPublishing(store, (entry) => app.stores.console.audit(entry));
    const address = `server@${hostname()}`;
    let renderer: Promise<PageRenderer> | undefined;
    /** The published body per key that the served pages show (absent: the file). */
    let shown = new Map<string, string>();
    let generation: number | undefined;

    const apply = async () => {
      const state = await store.published();
      if (state.generation === generation) return;
      const bodies = new Map([...state.bodies].map(([key, { body }]) => [key, body]));
      const changed = [...new Set([...shown.keys(), ...bodies.keys()])].filter((key) => isEditableKey(key) && shown.get(key) !== bodies.get(key));
      if (site && changed.length) {
        // An unpublished post's own page is no longer served (its path then redirects like any unknown one).
        const gone = changed.filter((key) => isPostKey(key) && !bodies.has(key)).map((key) => postPath(slugOfPostKey(key as PostKey)));
        const pages = [...new Set(changed.flatMap((key) => (isEditableKey(key) ? pagesOf(key) : [])))].filter((page) => !gone.includes(page));
        renderer ??= loadPageRenderer(serverBuildFileOf(buildDir));
        const finished: FinishedPage[] = [];
        const files: ReturnType<typeof finishFile>[] = [];
        const failed = new Set<string>();
        for (const urlPath of pages) {
          try {
            const render = await renderer;
            if (isFilePath(urlPath)) files.push(finishFile(urlPath, await render.file(urlPath, { bodies })));
            else finished.push(finishPage(await render(urlPath, { bodies }), manifest));
          } catch (error) {
            // The page keeps what it shows now.
            failed.add(urlPath);
            app.log.error({ err: error }, `content: ${urlPath} could not be rendered with the published content; it keeps its current text`);
          }
        }
        site.replace(
          [
            ...finished.flatMap((page) => [
              { urlPath: page.urlPath, file: staticFile("index.html", page.html.body, page.html.compressed), securityHeaders: security.forPage(page.urlPath, page.scriptHashes) },
              { urlPath: page.dataPath, file: staticFile(page.dataPath, page.data.body, page.data.compressed) },
            ]),
            ...files.map((file) => ({ urlPath: file.urlPath, file: staticFile(file.urlPath, file.body, file.compressed) })),
          ],
          gone.flatMap((page) => [page, dataPathOf(page)]),
        );
        // A failed page's keys count as not shown, so the next publish of any key renders it again.
        // Not retried before: the same text fails the same way, and would log once a second.
        const next = new Map(bodies);
        for (const key of changed.filter((key) => isEditableKey(key) && pagesOf(key).some((page) => failed.has(page)))) {
          if (shown.has(key)) next.set(key, shown.get(key)!);
          else next.delete(key);
        }
        shown = next;
        generation = state.generation;
        const rendered = [...finished, ...files].map((page) => page.urlPath);
        if (rendered.length || gone.length)
          app.log.info(`content: ${changed.join(", ")} published; ${[...rendered, ...gone.map((page) => `${page} (removed)`)].join(", ")} rendered again`);
        return;
      }
      shown = bodies;
      generation = state.generation;
    };

    // One application at a time; a request for another while one runs is served by one more run.
    let running: Promise<void> | undefined;
    let again = false;
    let readFailing = false;
    const applySoon = (): Promise<void> => {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await apply().then(
            () => (readFailing = false),
            (error: unknown) => {
              if (!readFailing) app.log.error({ err: error }, "content: cannot read what is published; trying again every check");
              readFailing = true;
            },
          );
        } while (again);
      })().finally(() => (running = undefined));
      return running;
    };
    app.decorate("applyPublishedContent", applySoon);

    // Once closing, nothing takes a connection from the pool: a listener started after onClose
    // would be held for ever, and the pool's end (so the stop) would wait for it.
    let closing = false;
    let listener: Awaited<ReturnType<NonNullable<typeof store.listen>>> | undefined;
    let listenFailing = false;
    const listen = async () => {
      if (!store.listen || closing || listener?.alive()) return;
      listener = await store.listen(() => void applySoon()).then(
        (started) => ((listenFailing = false), started),
        (error: unknown) => {
          if (!listenFailing) app.log.warn({ err: error }, "content: cannot LISTEN for publishes; the periodic check finds them");
          listenFailing = true;
          return undefined;
        },
      );
      if (closing) await listener?.stop();
    };

    // A database outage fails every check: its first failure is logged, then nothing until one succeeds.
    let failing = false;
    const check = async () => {
      try {
        await publishing.publishDue(address, new Date());
        failing = false;
      } catch (error) {
        if (!failing) app.log.error({ err: error }, "content: cannot publish what is due; trying again every check");
        failing = true;
      }
      if (closing) return;
      await listen();
      await applySoon();
    };
    // The checks still running (a slow database lets them overlap): the close waits for them.
    const checks = new Set<Promise<void>>();
    const checkNow = () => {
      const run = check().finally(() => checks.delete(run));
      checks.add(run);
    };

    // Before the server listens: its first answer already shows what is published.
    await listen();
    await applySoon();
    const timer = setInterval(checkNow, checkMs);
    timer.unref();
    app.addHook("onClose", async () => {
      closing = true;
      clearInterval(timer);
      await listener?.stop();
      await Promise.all([...checks, running]);
    });
  },
  { name: "live-content", dependencies: ["stores"] },
);
