import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { describe, expect, it } from "vitest";
import { hashPassword, passwordChecks, passwordProblem, verifyPassword, type PasswordCheckEvent } from "./passwords.ts";

describe("console passwords", () => {
  it("verifies the password it hashed and nothing else, with a new salt each time", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await hashPassword("correct horse battery")).not.toBe(hash);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });

  it("publishes the start and end of each check it really runs, a malformed hash none", async () => {
    const hash = await hashPassword("correct horse battery");
    const phases: string[] = [];
    const listen = (message: unknown) => phases.push((message as PasswordCheckEvent).phase);
    subscribe(passwordChecks.name, listen);
    try {
      await verifyPassword("wrong", hash);
      await verifyPassword("x", "not-a-hash");
    } finally {
      unsubscribe(passwordChecks.name, listen);
    }
    expect(phases).toEqual(["start", "end"]);
  });

  it("refuses short and common passwords", () => {
    expect(passwordProblem("short")).toMatch(/at least 12/);
    expect(passwordProblem("password1234")).toMatch(/common/);
    expect(passwordProblem("qwertyuiop123")).toMatch(/common/);
    expect(passwordProblem("plum-kettle-orbit-47")).toBeUndefined();
  });
});
