/**
 * The operators' commands read their options here: `--help` prints the usage on stdout and
 * exits 0; an unknown option or a missing value prints one line naming it and the way to the
 * usage on stderr and exits 1. Never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { loadStorageConfig } from "../config.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * A reader that stops early (`| head`) closes the pipe: the rest of the output has nowhere to go,
 * which is what the operator asked for, so the command ends quietly with 0 instead of a stack
 * trace. Every command calls this first.
 */
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

/** DATA_DIR and DATABASE_URL as the server reads them (config.ts); a bad value ends the command with its message. */
export function storageSettings() {
  try {
    return loadStorageConfig();
  } catch (error) {
    return fail((error as Error).message);
  }
}

/** The command's options; `usage` is its help text, `command` how to run it (for the error lines). */
export function readOptions<T extends Options>(
  args: string[],
  options: T,
  { usage, command }: { usage: string; command: string },
) {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(
      `${(error as Error).message.split("\n")[0].replace(/\. To specify a positional argument.*$/, "")}: see "${command} -- --help".`,
    );
  }
  if (values.help) {
    process.stdout.write(`${usage.trim()}\n`);
    process.exit(0);
  }
  return values as {
    [K in keyof T]: T[K] extends { type: "boolean" }
      ? boolean | undefined
      : T[K] extends { default: string }
        ? string
        : string | undefined;
  };
}
