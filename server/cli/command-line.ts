/**
 * The commands read their options here: `--help` prints the usage (exit 0); an unknown option or a missing
 * value is one line on stderr naming it (exit 1). Never a stack trace.
 */
import { readFileSync } from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { loadStorageConfig } from "../config.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** A reader that stops early (`| head`) closes the pipe, as the operator asked: end with 0, no stack trace. */
export function exitQuietlyOnClosedPipe(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(0);
  });
}

/** Prints the message on stderr and exits 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The text of a file an operator named; one that cannot be read ends the command saying why. */
export function readInputFile(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    return fail(`Cannot read ${file}: ${(error as { code?: string }).code ?? (error as Error).message}.`);
  }
}

/** DATA_DIR and DATABASE_URL as the server reads them (config.ts); a bad value ends the command with its message. */
export function storageSettings() {
  try {
    return loadStorageConfig();
  } catch (error) {
    return fail((error as Error).message);
  }
}

/**
 * The command's options, and its arguments when `positionals` says it takes some ("required": the
 * usage, exit 1, when none is given); `usage` is its help text, `command` how to run it (for the error lines).
 */
export function readOptions<T extends Options>(
  args: string[],
  options: T,
  { usage, command, positionals = false }: { usage: string; command: string; positionals?: boolean | "required" },
) {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: !!positionals,
    });
  } catch (error) {
    fail(`${(error as Error).message.split("\n")[0]}: see "${command} -- --help".`);
  }
  if (parsed.values.help || (positionals === "required" && !parsed.positionals.length)) {
    process.stdout.write(`${usage.trim()}\n`);
    process.exit(parsed.values.help ? 0 : 1);
  }
  return {
    positionals: parsed.positionals,
    values: parsed.values as {
      [K in keyof T]: T[K] extends { type: "boolean" }
        ? boolean | undefined
        : T[K] extends { default: string }
          ? string
          : string | undefined;
    },
  };
}
