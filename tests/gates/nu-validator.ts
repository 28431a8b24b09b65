/**
 * Runs the Nu HTML validator (vnu-jar) over files and returns its messages. It throws, naming
 * what to do, whenever the validator did not actually check the files: no `java`, a Java too
 * old for vnu.jar, a missing vnu.jar, or output that is not the validator's JSON report. So
 * the HTML gate cannot pass on nothing.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export const vnuJar = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
/** vnu.jar's own floor (node_modules/vnu-jar/vnu-java-downloader.js checks for 11). */
export const minimumJava = 11;
const installJava = "install a headless JRE (Debian: apt-get install default-jre-headless; .ci/run does this)";

export interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

export interface ValidatorOptions {
  /** The environment the validator runs in; tests pass a PATH without Java. */
  env?: NodeJS.ProcessEnv;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  error?: NodeJS.ErrnoException;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const failure = error as (NodeJS.ErrnoException & { code?: unknown }) | null;
      resolve({
        code: failure ? (typeof failure.code === "number" ? failure.code : null) : 0,
        stdout,
        stderr,
        error: failure && typeof failure.code === "string" ? failure : undefined,
      });
    });
  });
}

/** The major version `java -version` reports ("17.0.15" → 17, "1.8.0_392" → 8), or undefined. */
export function javaMajorVersion(versionOutput: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!match) return undefined;
  const first = Number(match[1]);
  return first === 1 && match[2] ? Number(match[2]) : first;
}

/** Checks that `java` runs and is recent enough for vnu.jar; throws a message naming Java otherwise. */
export async function checkJava(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const version = await run("java", ["-version"], env);
  if (version.error?.code === "ENOENT")
    throw new Error(
      `The Nu HTML validator needs Java ${minimumJava} or later, and there is no \`java\` on the PATH: ${installJava}.`,
    );
  if (version.error || version.code !== 0)
    throw new Error(
      `\`java -version\` failed (${version.error?.message ?? `exit ${version.code}`}): ${(version.stderr || version.stdout).trim().slice(0, 300)}`,
    );
  const major = javaMajorVersion(version.stderr || version.stdout);
  if (major === undefined)
    throw new Error(
      `Could not read the Java version from \`java -version\`: ${(version.stderr || version.stdout).trim().slice(0, 300)}`,
    );
  if (major < minimumJava)
    throw new Error(
      `The Nu HTML validator needs Java ${minimumJava} or later; \`java\` on the PATH is Java ${major}: ${installJava}.`,
    );
  return major;
}

/** Validates the files with one JVM; resolves with the errors it reports (empty when they are valid). */
export async function validateHtml(
  files: string[],
  { env = process.env }: ValidatorOptions = {},
): Promise<VnuMessage[]> {
  if (files.length === 0) throw new Error("No HTML files to validate: run `npm run build` first.");
  if (!existsSync(vnuJar))
    throw new Error(`No ${path.relative(process.cwd(), vnuJar)}: run \`npm install\` (vnu-jar is a dev dependency).`);
  await checkJava(env);
  // vnu exits 1 when it finds errors, with the JSON report on stderr either way.
  const result = await run("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files], env);
  if (result.error) throw new Error(`The Nu HTML validator did not run: ${result.error.message}`);
  let report: unknown;
  try {
    report = JSON.parse(result.stderr);
  } catch {
    report = undefined;
  }
  const messages = (report as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages))
    throw new Error(
      `The Nu HTML validator's output is not its JSON report (exit ${result.code}): ${(result.stderr || result.stdout).trim().slice(0, 500) || "no output"}`,
    );
  if (result.code !== 0 && messages.length === 0)
    throw new Error(`The Nu HTML validator exited with ${result.code} without reporting an error.`);
  return messages as VnuMessage[];
}
