// The HTML gate's runner cannot pass on nothing: it finds a broken page, and it fails loudly,
// naming Java, when the validator cannot run.
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { javaMajorVersion, validateHtml } from "./nu-validator.ts";

const dir = mkdtempSync(path.join(tmpdir(), "nu-validator-"));
const page = (name: string, body: string) => {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`,
  );
  return file;
};
/** A folder holding only a `java` that runs the given shell script, to stand in for a broken Java. */
const fakeJava = (script: string) => {
  const bin = mkdtempSync(path.join(tmpdir(), "fake-java-"));
  writeFileSync(path.join(bin, "java"), `#!/bin/sh\n${script}\n`);
  chmodSync(path.join(bin, "java"), 0o755);
  return { ...process.env, PATH: bin };
};

describe("validateHtml", () => {
  it("reports an error on a broken page and none on a valid one", async () => {
    const broken = page("broken.html", "<span><div>block in inline</div></span>");
    const valid = page("valid.html", "<p>fine</p>");
    const messages = await validateHtml([broken, valid]);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => m.url.endsWith("/broken.html"))).toBe(true);
    expect(messages.map((m) => m.message).join(" ")).toMatch(/div/);
  });

  it("fails, naming Java, when there is no java on the PATH", async () => {
    const env = { ...process.env, PATH: mkdtempSync(path.join(tmpdir(), "no-java-")) };
    await expect(validateHtml([page("a.html", "<p>x</p>")], { env })).rejects.toThrow(
      /no `java` on the PATH.*default-jre-headless/,
    );
  });

  it("fails when Java is too old for vnu.jar", async () => {
    const env = fakeJava(`echo 'java version "1.8.0_392"' >&2`);
    await expect(validateHtml([page("a.html", "<p>x</p>")], { env })).rejects.toThrow(
      /needs Java 11 or later; `java` on the PATH is Java 8/,
    );
  });

  it("fails when the output is not the validator's JSON (a crashed JVM)", async () => {
    const env = fakeJava(
      `if [ "$1" = -version ]; then echo 'openjdk version "17.0.15"' >&2; exit 0; fi\necho 'Error: Could not create the Java Virtual Machine.' >&2; exit 1`,
    );
    await expect(validateHtml([page("a.html", "<p>x</p>")], { env })).rejects.toThrow(
      /not its JSON report \(exit 1\): Error: Could not create the Java Virtual Machine/,
    );
  });

  it("fails on a report that says nothing while the validator exits with an error", async () => {
    const env = fakeJava(
      `if [ "$1" = -version ]; then echo 'openjdk version "21"' >&2; exit 0; fi\necho '{"messages":[]}' >&2; exit 2`,
    );
    await expect(validateHtml([page("a.html", "<p>x</p>")], { env })).rejects.toThrow(
      /exited with 2 without reporting an error/,
    );
  });

  it("reads Java versions old and new", () => {
    expect(javaMajorVersion('openjdk version "17.0.15" 2025-04-15')).toBe(17);
    expect(javaMajorVersion('java version "1.8.0_392"')).toBe(8);
    expect(javaMajorVersion('openjdk version "21" 2023-09-19')).toBe(21);
    expect(javaMajorVersion("garbage")).toBeUndefined();
  });
});
