/**
 * `npm run -s users -- add|list|name|remove|password|totp`: the console's accounts, made on the server
 * (there is no sign-up page); every change is written to the console's audit log.
 */
import { hostname } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import * as v from "valibot";
import { accountNameInput } from "#common/console-input.ts";
import { loadSiteConfig } from "#common/site.ts";
import { hashPassword, passwordProblem } from "../console/passwords.ts";
import type { AuditAction } from "../audit/audit-kinds.ts";
import { roles, type Role } from "../console/accounts-store.ts";
import { newTotpSecret, otpauthUri } from "../console/totp.ts";
import { openStores } from "../stores.ts";
import { exitQuietlyOnClosedPipe, fail, readOptions, storageSettings } from "./command-line.ts";

exitQuietlyOnClosedPipe();

const usage = `
Usage: npm run -s users -- <command> [options]

The console's accounts (the console is at /admin).
  add <email> [--role owner|viewer|editor] [--name "Ann Lee"]
                                      make an account (default role: owner); the password is
                                      read from standard input, one line. An owner sees
                                      everything, a viewer the usage figures only, an editor
                                      the site's content only. The name is the author a new
                                      post starts with
  list                                every account with its name, role and second factor
  name <email> "<name>"               set the account's name ("" takes it away); its owner can
                                      change it in the console too
  remove <email>                      delete the account and end its sessions
  password <email>                    set a new password (read from standard input) and end
                                      the account's sessions
  totp <email> [--off]                turn on the authenticator-app second factor and print
                                      the otpauth:// URI to scan; --off turns it off
Options:
  --data-dir DIR    the server's data folder (default: DATA_DIR or data); with DATABASE_URL
                    set, the accounts are in that PostgreSQL database instead
  -h, --help        this text
A password must be at least 12 characters and not a common one. Example:
  printf '%s\\n' 'my long passphrase' | npm run -s users -- add ann@example.com --role viewer`;

const { values, positionals } = readOptions(
  process.argv.slice(2),
  {
    role: { type: "string", default: "owner" },
    name: { type: "string" },
    off: { type: "boolean" },
    "data-dir": { type: "string", default: storageSettings().dataDir },
  },
  { usage, command: "npm run users", positionals: "required" },
);
const [command, email = "", ...extra] = positionals;
// `name` takes the name after the address; a name of several words is one quoted argument.
const newName = command === "name" ? extra.shift() : values.name;
if (extra.length) fail(`Unexpected ${JSON.stringify(extra[0])}: see "npm run users -- --help".`);
if (command === "name" && newName === undefined)
  fail(`name needs the name after the address, e.g. npm run users -- name ${email || "ann@example.com"} "Ann Lee"`);
const nameProblem = newName === undefined ? undefined : v.safeParse(accountNameInput, { name: newName }).issues?.[0];
if (nameProblem) fail(nameProblem.message);
const needsEmail = ["add", "remove", "password", "totp", "name"];
if (!["list", ...needsEmail].includes(command))
  fail(`Unknown command ${JSON.stringify(command)}: see "npm run users -- --help".`);
if (needsEmail.includes(command) && !/^[^\s@]+@[^\s@]+$/.test(email))
  fail(`${command} needs an e-mail address, e.g. npm run users -- ${command} ann@example.com`);
if (!roles.includes(values.role as Role))
  fail(`--role must be owner, viewer or editor (got ${JSON.stringify(values.role)}).`);

/** The first line of standard input: typed at a terminal without echo, or piped in. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) return readHidden("Password (at least 12 characters): ");
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

/** Reads a line from the terminal in raw mode, so what is typed never shows on the screen. */
function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  // Echo goes off before the prompt shows: a reply typed at once would otherwise be echoed.
  stdin.setRawMode(true);
  process.stderr.write(prompt);
  stdin.setEncoding("utf8");
  let typed = "";
  return new Promise((resolve) => {
    const done = (line: string) => {
      stdin.setRawMode(false);
      stdin.off("data", onData);
      stdin.pause();
      process.stderr.write("\n");
      resolve(line);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") return done(typed);
        if (char === "\u0003") {
          stdin.setRawMode(false);
          process.stderr.write("\n");
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") typed = [...typed].slice(0, -1).join("");
        else if (char >= " ") typed += char;
      }
    };
    stdin.on("data", onData);
    stdin.resume();
  });
}

async function newPassword(): Promise<string> {
  const password = await readPassword();
  const problem = passwordProblem(password);
  if (problem) fail(problem);
  return hashPassword(password);
}

// Unlike the exports, this may create the database: the first account is often made before the first start.
const stores = await openStores({
  databaseUrl: storageSettings().databaseUrl,
  dataDir: path.resolve(values["data-dir"]),
}).catch((error: Error) => fail(`Cannot open the database: ${(error as { code?: string }).code ?? error.message}.`));
const accounts = stores.console;
const now = new Date();
const audit = (action: AuditAction, detail: string) =>
  accounts.audit({ at: now.toISOString(), account: email.toLowerCase(), address: `cli@${hostname()}`, action, detail });
try {
  if (command === "list") {
    const all = await accounts.accounts();
    if (!all.length) process.stdout.write("No accounts yet: npm run -s users -- add <email>\n");
    for (const account of all)
      process.stdout.write(
        `${account.email}\t${account.name ?? "(no name)"}\t${account.role}\t${account.totpSecret ? "totp" : "password only"}\tsince ${account.createdAt.slice(0, 10)}\n`,
      );
  } else if (command === "add") {
    if (await accounts.account(email))
      fail(`${email} has an account already: npm run users -- password ${email} sets a new password.`);
    const passwordHash = await newPassword();
    const added = await accounts.addAccount({ email, role: values.role as Role, passwordHash, name: newName }, now);
    await audit("account-added", `role ${values.role}`);
    const named = added.name ? `${added.name}, ` : "";
    process.stdout.write(`Added ${added.email} (${named}${values.role}). Sign in at /admin.\n`);
  } else {
    const account = await accounts.account(email);
    if (!account) fail(`No account for ${email}: npm run users -- list shows them.`);
    if (command === "remove") {
      await accounts.removeAccount(email);
      await audit("account-removed", "");
      process.stdout.write(`Removed ${account.email} and ended its sessions.\n`);
    } else if (command === "name") {
      await accounts.updateAccount(email, { name: newName }, now);
      const name = (await accounts.account(email))?.name;
      await audit("name-changed", name ? `"${name}"` : "removed");
      process.stdout.write(name ? `${account.email} is now ${name}.\n` : `${account.email} has no name now.\n`);
    } else if (command === "password") {
      const passwordHash = await newPassword();
      await accounts.updateAccount(email, { passwordHash }, now);
      const ended = await accounts.endSessionsOf(account.id);
      await audit("password-changed", `${ended} sessions ended`);
      process.stdout.write(`New password set for ${account.email}; ${ended} sessions ended.\n`);
    } else if (values.off) {
      await accounts.updateAccount(email, { totpSecret: null }, now);
      await audit("totp-changed", "turned off");
      process.stdout.write(`Second factor turned off for ${account.email}.\n`);
    } else {
      const secret = newTotpSecret();
      await accounts.updateAccount(email, { totpSecret: secret }, now);
      await audit("totp-changed", "turned on");
      const issuer = `${loadSiteConfig(process.env).brand} console`;
      process.stdout.write(
        `Scan this with an authenticator app; ${account.email} then signs in with its 6-digit code as well:\n${otpauthUri(secret, { issuer, account: account.email })}\n`,
      );
    }
  }
} finally {
  await stores.close();
}
