import { describe, expect, it } from "vitest";
import { mailboxOf } from "./mailbox.ts";

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
