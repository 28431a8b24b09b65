/**
 * `npm run launch-check`: lists every placeholder still in force for the settings in the
 * environment (server/launch-check.ts) and exits 1 while any remains, 0 when none does. Run it
 * with the environment of the build and the server (the site's settings are baked in at build).
 */
import { ConfigError } from "#common/site.ts";
import { loadServerConfig } from "../config.ts";
import { formatPlaceholders, placeholdersInForce } from "../launch-check.ts";
import { exitQuietlyOnClosedPipe } from "./command-line.ts";

exitQuietlyOnClosedPipe();

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  console.log(`Usage: npm run -s launch-check

Lists what would ship as a placeholder with the settings in this environment (the example
address, phone, e-mails and URLs, placeholder video ids, a newsletter key made by a development
run, mail not sent or not signed) and exits 1 while any remains. docs/configuration.md has the settings.`);
  process.exit(0);
}
try {
  const config = loadServerConfig();
  const found = placeholdersInForce(config.site, config, process.env);
  if (found.length) {
    console.error(`Not ready to launch: ${found.length} placeholder${found.length === 1 ? "" : "s"} still in force.\n`);
    console.error(formatPlaceholders(found));
    process.exit(1);
  }
  console.log("Ready to launch: no placeholder in force.");
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
