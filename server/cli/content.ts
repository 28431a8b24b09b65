/**
 * `npm run -s content -- list|show|save|publish|…`: content published without a build (server/content/),
 * audited. A publish renders the key's pages with the build in BUILD_DIR first, so text that cannot render
 * is refused here, naming its line, rather than found later in a server's log.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, userInfo } from "node:os";
import path from "node:path";
import { contentFileName, editableKeys, isEditableKey, type EditableKey } from "#common/content-keys.ts";
import { isPostKey } from "#common/post-keys.ts";
import { contentPublishing } from "../content/publishing.ts";
import { renderCheckOf } from "../content/render-check.ts";
import { purgeRequests } from "../content/purge.ts";
import { loadCdnPurgeConfig } from "../config-integrations.ts";
import { ContentConflict, ContentRefused } from "../content/store.ts";
import { openCommandStores } from "./command-stores.ts";
import { exitQuietlyOnClosedPipe, fail, readInputFile, readOptions, storageSettings } from "./command-line.ts";

exitQuietlyOnClosedPipe();

const usage = `
Usage: npm run -s content -- <command> [options]

Content keys (the text of the site's pages, and blog posts as post/<slug>) saved, published and kept
in the database.
  list                                    every key and post: published, draft or scheduled, and who changed it last
  show <key> [--version N]                the text of a version (default: the newest; the file when none)
  save <key> <file> --as <email> [--base N]
                                          save the file's text as a new draft version; --base is the
                                          version you started from (default: the newest), and a save
                                          is refused when someone saved after it
  publish <key> [--version N] [--at ISO] [--as <email>]
                                          publish a version (default: the newest) now, or at a time
                                          such as 2026-05-01T08:00:00Z
  unpublish <post/slug> [--as <email>]   take a post off the blog (its versions stay)
  unschedule <key> [--as <email>]         cancel a scheduled publish (what is published stays)
  history <key>                           every version, newest first
  restore <key> <version> --as <email>    a new draft version with an old version's text
  export <dir>                            write what is published (else the file) as <dir>/<key>.md or .json,
                                          so the repository's content/ can follow
Options:
  --data-dir DIR    the server's data folder (default: DATA_DIR or data); with DATABASE_URL set,
                    the content is in that PostgreSQL database instead
  -h, --help        this text
--as names a console account (npm run users -- list). Example:
  npm run -s content -- save home-heading heading.md --as ann@example.com
  npm run -s content -- publish home-heading`;

const { values, positionals } = readOptions(
  process.argv.slice(2),
  {
    version: { type: "string" },
    at: { type: "string" },
    as: { type: "string" },
    base: { type: "string" },
    "data-dir": { type: "string", default: storageSettings().dataDir },
  },
  { usage, command: "npm run content", positionals: "required" },
);

const [command, ...args] = positionals;
const argumentsOf: Record<string, string[]> = {
  list: [],
  show: ["key"],
  save: ["key", "file"],
  publish: ["key"],
  unpublish: ["key"],
  unschedule: ["key"],
  history: ["key"],
  restore: ["key", "version"],
  export: ["dir"],
};
if (!Object.hasOwn(argumentsOf, command))
  fail(`Unknown command ${JSON.stringify(command)}: see "npm run content -- --help".`);
if (args.length !== argumentsOf[command].length)
  fail(
    `${command} takes ${argumentsOf[command].map((name) => `<${name}>`).join(" ") || "no arguments"}: see "npm run content -- --help".`,
  );
const key = (argumentsOf[command][0] === "key" ? args[0] : "") as EditableKey;
if (key && !isEditableKey(key)) fail(`Unknown content key "${key}": the keys are ${editableKeys.join(", ")}.`);

const wholeNumber = (name: string, text: string | undefined) => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) fail(`${name} must be a whole number (got ${JSON.stringify(text)}).`);
  return Number(text);
};
const version = wholeNumber("--version", values.version);
const base = wholeNumber("--base", values.base);
let at: Date | undefined;
if (values.at !== undefined) {
  at = new Date(values.at);
  if (!/^\d{4}-\d\d-\d\dT/.test(values.at) || Number.isNaN(at.getTime()))
    fail(`--at must be an ISO time such as 2026-05-01T08:00:00Z (got ${JSON.stringify(values.at)}).`);
}
const contentDir = path.resolve(process.env.CONTENT_DIR ?? "content");
const fileText = (name: EditableKey) => readFileSync(path.join(contentDir, contentFileName(name)), "utf8");

let cdnPurge;
try {
  cdnPurge = loadCdnPurgeConfig();
} catch (error) {
  fail((error as Error).message);
}
// A publish from here queues the CDN purge as a server's would; a running server's outbox sends it.
const stores = await openCommandStores(values["data-dir"], purgeRequests(cdnPurge));
const renderCheck = renderCheckOf(path.resolve(process.env.BUILD_DIR ?? "build/client"), stores.content);
const publishing = contentPublishing(stores.content, (entry) => stores.console.audit(entry), {
  renders: async (name, number, body) => {
    const checked = await renderCheck(name, number, body);
    if (checked === "no-build")
      process.stderr.write(
        "(no build beside BUILD_DIR: the pages were not rendered first; a server that cannot render them keeps the old ones)\n",
      );
    return checked;
  },
});
const now = new Date();
const address = `cli@${hostname()}`;

/** The account an action is recorded under: --as, which must be a console account; publish may default to the login. */
async function editor(required: boolean) {
  if (!values.as) {
    if (required) fail(`${command} needs --as <email>: the console account the change is recorded under.`);
    return { account: `${userInfo().username}@${hostname()}`, address, now };
  }
  const account = await stores.console.account(values.as.toLowerCase());
  if (!account) fail(`No console account ${values.as}: see "npm run users -- list".`);
  return { account: account.email, address, now };
}

const print = (line: string) => process.stdout.write(`${line}\n`);

try {
  if (command === "list") {
    const states = new Map((await stores.content.states()).map((state) => [state.key, state]));
    // The site's keys, then the posts (which have no file: a post never saved is not listed).
    const posts = [...states.keys()].filter(isPostKey).sort();
    for (const name of [...editableKeys, ...posts]) {
      const state = states.get(name);
      if (!state) {
        print(`${name}\tfile\t(no versions: content/${contentFileName(name)} is published)`);
        continue;
      }
      const status = [
        state.publishedVersion !== null
          ? `published v${state.publishedVersion}`
          : isPostKey(name)
            ? "not published"
            : "file published",
        state.latestVersion !== state.publishedVersion ? `draft v${state.latestVersion}` : "",
        state.scheduledVersion !== null ? `scheduled v${state.scheduledVersion} at ${state.scheduledAt}` : "",
      ].filter(Boolean);
      print(`${name}\t${status.join(", ")}\tlast saved by ${state.latestBy} at ${state.latestAt}`);
    }
  } else if (command === "show") {
    const found = await stores.content.version(key, version);
    if (found) process.stdout.write(found.body);
    else if (version === undefined && isPostKey(key))
      fail(`"${key}" has no version: a post has no file; save one first.`);
    else if (version === undefined) {
      process.stderr.write(`(no versions of ${key}: the file content/${contentFileName(key)})\n`);
      process.stdout.write(fileText(key));
    } else fail(`"${key}" has no version ${version}: see "history ${key}".`);
  } else if (command === "save") {
    const body = readInputFile(args[1]);
    const by = await editor(true);
    const baseVersion = base ?? (await stores.content.version(key))?.version ?? 0;
    const saved = await publishing.save(key, body, baseVersion, by);
    print(
      `Saved ${key} version ${saved.version} (a draft). Publish it: npm run content -- publish ${key} --version ${saved.version}`,
    );
  } else if (command === "publish") {
    const by = await editor(false);
    const chosen = await publishing.publish(key, version, at, by);
    print(
      at && at > now
        ? `Scheduled ${key} version ${chosen.version} for ${at.toISOString()}.`
        : `Published ${key} version ${chosen.version}; running servers show it within seconds.`,
    );
  } else if (command === "unpublish") {
    if (!isPostKey(key))
      fail(`Only a post (post/<slug>) is taken off the site; publish another version of "${key}" instead.`);
    await publishing.unpublish(key, await editor(false));
    print(`Unpublished ${key}; running servers take it off the blog within seconds.`);
  } else if (command === "unschedule") {
    const cancelled = await publishing.unschedule(key, await editor(false));
    print(
      `Cancelled the schedule of ${key} version ${cancelled.version} (was due at ${cancelled.at}); what is published stays.`,
    );
  } else if (command === "history") {
    const versions = await stores.content.history(key);
    if (!versions.length) print(`No versions of ${key}: content/${contentFileName(key)} is published.`);
    const state = (await stores.content.states()).find((s) => s.key === key);
    for (const v of versions) {
      const marks = [
        v.version === state?.publishedVersion ? "published" : "",
        v.version === state?.scheduledVersion ? `scheduled ${state.scheduledAt}` : "",
      ];
      print(
        `v${v.version}\t${v.createdAt}\t${v.account}\ton v${v.baseVersion}\t${marks.filter(Boolean).join(", ")}`.trimEnd(),
      );
    }
  } else if (command === "restore") {
    const saved = await publishing.restore(key, wholeNumber("<version>", args[1])!, await editor(true));
    print(
      `Restored ${key} version ${args[1]} as version ${saved.version} (a draft). Publish it: npm run content -- publish ${key} --version ${saved.version}`,
    );
  } else if (command === "export") {
    const dir = path.resolve(args[0]);
    const { bodies } = await stores.content.published();
    for (const name of editableKeys) {
      const file = path.join(dir, contentFileName(name));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, bodies.get(name)?.body ?? fileText(name));
    }
    print(
      `Wrote ${editableKeys.length} files to ${dir} (${bodies.size} published from the database, the others from content/).`,
    );
  }
} catch (error) {
  if (error instanceof ContentConflict || error instanceof ContentRefused) fail(error.message);
  throw error;
} finally {
  await stores.close();
}
