import { describe, expect, it } from "vitest";
import { inboxLikePatterns, mailboxOf } from "./mailbox.ts";

describe("mailboxOf", () => {
  it("gives every spelling of one Gmail inbox the same key", () => {
    for (const email of [
      "janedoe@gmail.com",
      "Jane.Doe@Gmail.com",
      "j.a.n.e.d.o.e+news@googlemail.com",
      "JANEDOE+a+b@GMAIL.COM",
    ])
      expect(mailboxOf(email), email).toEqual({ key: "janedoe@gmail.com", domain: "gmail.com" });
  });
  it("removes +tags everywhere but keeps dots where the provider counts them", () => {
    expect(mailboxOf("Jane.Doe+news@Example.com")).toEqual({ key: "jane.doe@example.com", domain: "example.com" });
    expect(mailboxOf("jane.doe@outlook.com").key).not.toBe(mailboxOf("janedoe@outlook.com").key);
  });
  it("keeps what is not a tag", () => {
    expect(mailboxOf("jane-doe@example.com").key).toBe("jane-doe@example.com");
    expect(mailboxOf("+only@example.com").key).toBe("@example.com");
  });
});

describe("inboxLikePatterns", () => {
  // LIKE (escape character \) as a regular expression: % any run, _ one character.
  const likes = (pattern: string, text: string) =>
    new RegExp(
      `^${pattern.replace(/\\(.)|([%_])|([^\\%_])/g, (_m, escaped?: string, wild?: string, plain?: string) =>
        wild ? (wild === "%" ? "[\\s\\S]*" : "[\\s\\S]") : (escaped ?? plain)!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )}$`,
    ).test(text);
  const matches = (email: string, spelling: string) =>
    inboxLikePatterns(email).some((pattern) => likes(pattern, spelling.toLowerCase()));

  it("matches every spelling mailboxOf folds into the inbox, so SQL narrows without losing one", () => {
    for (const [email, spellings] of [
      [
        "Erin.Erase+x@Victim.example",
        ["erin.erase@victim.example", "ERIN.ERASE+news@victim.example", "erin.erase+a+b@victim.example"],
      ],
      ["jane.doe@gmail.com", ["janedoe@gmail.com", "J.A.N.E.D.O.E+news@GoogleMail.com", ".jane.doe.@gmail.com"]],
      ["a_b%c@example.com", ["a_b%c@example.com", "a_b%c+t@example.com"]],
    ] as const)
      for (const spelling of spellings) {
        expect(mailboxOf(spelling).key, spelling).toBe(mailboxOf(email).key);
        expect(matches(email, spelling), spelling).toBe(true);
      }
  });

  it("escapes LIKE's own characters, and keeps other inboxes of a provider that counts dots out", () => {
    for (const other of [
      "axb%c@example.com",
      "a_bxc@example.com",
      "erinerase@victim.example",
      "erin.erase@victim.example.org",
    ])
      expect(matches(other.startsWith("erin") ? "erin.erase@victim.example" : "a_b%c@example.com", other), other).toBe(
        false,
      );
  });
});
