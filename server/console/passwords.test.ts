import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.ts";

describe("console passwords", () => {
  it("verifies the password it hashed and nothing else, with a new salt each time", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await hashPassword("correct horse battery")).not.toBe(hash);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });

  it("refuses short and common passwords", () => {
    expect(passwordProblem("short")).toMatch(/at least 12/);
    expect(passwordProblem("password1234")).toMatch(/common/);
    expect(passwordProblem("qwertyuiop123")).toMatch(/common/);
    expect(passwordProblem("plum-kettle-orbit-47")).toBeUndefined();
  });
});
