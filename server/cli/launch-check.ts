/**
 * `npm run launch-check`: every placeholder still in force (exit 1 while any remains), and the empty slots
 * only the company can fill, which do not fail it (server/launch-check.ts). Run it with the build's and the
 * server's environment: the slots are read from the server's database when there is one, else content/.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { contentFileName, type SlotKey } from "#common/content-keys.ts";
import { ConfigError } from "#common/site.ts";
import { loadServerConfig, type ServerConfig } from "../config.ts";
import { databaseFile } from "../db/database.ts";
import { emptySlots, formatEmptySlots, formatPlaceholders, placeholdersInForce } from "../launch-check.ts";
import { exitQuietlyOnClosedPipe } from "./command-line.ts";

exitQuietlyOnClosedPipe();

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  console.log(`Usage: npm run -s launch-check

Lists what would ship as a placeholder with the settings in this environment (the example
address, phone, e-mails and URLs, placeholder video ids, a newsletter key made by a development
run, mail not sent or not signed) and exits 1 while any remains. It also names each empty slot
(customer logos and quotes, the marketplace rating, integrations): the site shows nothing there until
the company fills it. docs/configuration.md has the settings.`);
  process.exit(0);
}

/** What the site shows of a slot: its published text in the server's database, when there is one, else its file. */
async function slotBodies(config: ServerConfig): Promise<(key: SlotKey) => string | undefined> {
  const contentDir = path.resolve(process.env.CONTENT_DIR ?? "content");
  const fileText = (key: SlotKey) => {
    const file = path.join(contentDir, contentFileName(key));
    return existsSync(file) ? readFileSync(file, "utf8") : undefined;
  };
  let published = new Map<string, { body: string }>();
  if (config.databaseUrl || existsSync(databaseFile(path.resolve(config.dataDir)))) {
    // Loaded only then: a fresh clone's check needs no database code.
    const { openCommandStores } = await import("./command-stores.ts");
    const stores = await openCommandStores(config.dataDir);
    published = (await stores.content.published()).bodies;
    await stores.close();
  }
  return (key) => published.get(key)?.body ?? fileText(key);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

try {
  const config = loadServerConfig();
  const found = placeholdersInForce(config.site, config, process.env);
  const empty = emptySlots(config.site, await slotBodies(config));
  const emptyList = `${plural(empty.length, "slot")} only the company can fill ${empty.length === 1 ? "is" : "are"} empty (the site shows nothing there; nothing is invented):\n${formatEmptySlots(empty)}`;
  if (found.length) {
    console.error(`Not ready to launch: ${plural(found.length, "placeholder")} still in force.\n`);
    console.error(formatPlaceholders(found));
    if (empty.length) console.error(`\n${emptyList}`);
    process.exit(1);
  }
  console.log("Ready to launch: no placeholder in force.");
  if (empty.length) console.log(`\n${emptyList}`);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
