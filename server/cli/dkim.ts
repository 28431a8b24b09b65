/** `npm run dkim`: a DKIM key pair, the private half to a file only its owner reads; the DNS record to publish. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadSiteConfig } from "#common/site.ts";
import { dkimKeyPair, zoneFileLine } from "../outbox/dkim.ts";
import { exitQuietlyOnClosedPipe, fail, readOptions, storageSettings } from "./command-line.ts";

exitQuietlyOnClosedPipe();

const usage = `
Usage: npm run dkim [-- [keygen] [--selector S] [--domain D] [--out DIR]]

Makes a 2048-bit RSA key pair for DKIM-signing the site's mail: writes the private key to
DIR/dkim-<selector>.pem and prints the DNS TXT record that publishes the public key.
  --selector S   the DKIM selector (default DKIM_SELECTOR, else "tallyway")
  --domain D     the signing domain, that of the From address (default DKIM_DOMAIN, else the
                 site's host without www.)
  --out DIR      where the key file goes (default DATA_DIR, else data)
  -h, --help     this text`;

// keygen is the only command, so it is also what `npm run dkim` alone does (the README's way).
const args = process.argv.slice(2);
const rest = args[0] === "keygen" ? args.slice(1) : args;
if (rest[0] !== undefined && !rest[0].startsWith("-"))
  fail(`Unknown command ${JSON.stringify(rest[0])}: see "npm run dkim -- --help".`);
if (rest.includes("--help") || rest.includes("-h")) readOptions(["--help"], {}, { usage, command: "npm run dkim" });
let siteHost = "";
try {
  siteHost = new URL(loadSiteConfig(process.env).siteUrl).hostname.replace(/^www\./, "");
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  fail(error.message.split("\n")[0]);
}
const { values } = readOptions(
  rest,
  {
    selector: { type: "string", default: process.env.DKIM_SELECTOR || "tallyway" },
    domain: { type: "string", default: process.env.DKIM_DOMAIN || siteHost },
    out: { type: "string", default: storageSettings().dataDir },
  },
  { usage, command: "npm run dkim" },
);
if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(values.selector)) fail("--selector must be letters, digits and dashes");
if (!/^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(values.domain)) fail("--domain must be a domain name such as example.com");

const file = path.resolve(values.out, `dkim-${values.selector}.pem`);
if (existsSync(file))
  fail(`${file} exists already: pick another --selector (rotate keys by selector), or move it away.`);
const pair = dkimKeyPair(values.selector, values.domain);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, pair.privateKeyPem, { mode: 0o600 });
process.stdout.write(`Private key written to ${file} (keep it secret; back it up with the data folder).

Publish this DNS TXT record (name, then value):
  ${pair.txtName}
  ${pair.txtValue}

As a zone-file line:
  ${zoneFileLine(pair)}

Then start the server with:
  DKIM_DOMAIN=${values.domain}
  DKIM_SELECTOR=${values.selector}
  DKIM_PRIVATE_KEY_FILE=${file}
`);
