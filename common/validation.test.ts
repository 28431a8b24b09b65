import { describe, expect, it } from "vitest";
import {
  contactFormSchema,
  contactSchema,
  fieldErrors,
  firstError,
  limits,
  messages,
  newsletterFormSchema,
  subscribeSchema,
} from "./validation.ts";

const contact = {
  domain: "www.tallyway.example",
  type: "Lead",
  name: "Ann",
  email: "ann@example.com",
  subject: "Hello",
  details: "How much?",
};
const subscribe = {
  list: "tallyway.example",
  what: "subscribe",
  email: "ann@example.com",
  first_name: "Ann",
  last_name: "Lee",
};

describe("contactSchema", () => {
  it("accepts a complete lead and trims it", () => {
    expect(firstError(contactSchema, { ...contact, email: "  ann@example.com " })).toBeUndefined();
  });
  it("needs only email and details", () => {
    expect(firstError(contactSchema, { email: "ann@example.com", details: "Hi" })).toBeUndefined();
  });
  it("says 'Please enter a valid email address' for a missing, empty or malformed email", () => {
    for (const email of [
      undefined,
      "",
      "   ",
      "ann",
      "ann@",
      "a b@example.com",
      ["a@example.com"],
      "x".repeat(250) + "@a.io",
    ])
      expect(firstError(contactSchema, { ...contact, email }), String(email)).toBe(messages.email);
  });
  it("says 'How can we help?' for a missing or blank question", () => {
    for (const details of [undefined, "", " \n "])
      expect(firstError(contactSchema, { ...contact, details })).toBe(messages.question);
  });
  it("refuses invisible format characters and encoded-words in the one-line fields, in the browser's form too", () => {
    expect(firstError(contactSchema, { ...contact, name: "A\u202Enn" })).toBe(
      "Please remove invisible formatting characters from the name",
    );
    expect(firstError(contactSchema, { ...contact, subject: "=?utf-8?q?Hi?=" })).toBe(
      "Please write the subject without =?…?= codes",
    );
    expect(fieldErrors(contactFormSchema, { name: "A\u2066nn", email: "ann@example.com", question: "Hi" })).toEqual({
      name: "Please remove invisible formatting characters from the name",
    });
    // A joiner is part of a name, and of a question in Persian or an emoji.
    expect(
      firstError(contactSchema, {
        ...contact,
        name: "Mehr\u200Cdad",
        details: "Mehr\u200Cdad \u{1F469}\u200D\u{1F4BB}",
      }),
    ).toBeUndefined();
  });
  it("refuses invisible format characters in the question as in the name (issue 29 point 8), in the browser's form too", () => {
    const message = "Please remove invisible formatting characters from your question";
    for (const details of ["Invoice for \u202Etxt.exe\u202C", "a\u200Bb", "Ann\u2066Lee\u2069", "soft\u00ADhyphen"])
      expect(firstError(contactSchema, { ...contact, details }), JSON.stringify(details)).toBe(message);
    expect(
      fieldErrors(contactFormSchema, {
        name: "Ann",
        email: "ann@example.com",
        question: "Invoice for \u202Etxt.exe\u202C",
      }),
    ).toEqual({
      question: message,
    });
  });
  it("limits every field's length", () => {
    for (const [field, max] of [
      ["name", limits.name],
      ["subject", limits.subject],
      ["details", limits.details],
      ["type", limits.type],
    ] as const) {
      expect(firstError(contactSchema, { ...contact, [field]: "a".repeat(max) }), field).toBeUndefined();
      expect(firstError(contactSchema, { ...contact, [field]: "a".repeat(max + 1) }), field).toMatch(/under/);
    }
  });
  it("refuses line breaks in one-line fields, so no value can add a mail header", () => {
    expect(firstError(contactSchema, { ...contact, name: "Ann\r\nBcc: x@example.com" })).toBe(
      "Please write the name on one line",
    );
    expect(firstError(contactSchema, { ...contact, subject: "Hi\nBcc: x@example.com" })).toBe(
      "Please write the subject on one line",
    );
    expect(firstError(contactSchema, { ...contact, email: "ann@example.com\r\nBcc: x@example.com" })).toBe(
      messages.email,
    );
    expect(firstError(contactSchema, { ...contact, details: "line one\r\nline two\ttabbed" })).toBeUndefined();
    expect(firstError(contactSchema, { ...contact, details: "nul\u0000" })).toMatch(/control characters/);
  });
  it("wants a host name as domain and a word as type", () => {
    expect(firstError(contactSchema, { ...contact, domain: "<script>" })).toMatch(/host name/);
    expect(firstError(contactSchema, { ...contact, type: "Lead;drop" })).toMatch(/simple word/);
  });
});

describe("subscribeSchema", () => {
  it("accepts a subscription with or without names", () => {
    expect(firstError(subscribeSchema, subscribe)).toBeUndefined();
    expect(firstError(subscribeSchema, { list: "l", what: "subscribe", email: "a@example.com" })).toBeUndefined();
  });
  it("names what is wrong", () => {
    expect(firstError(subscribeSchema, { ...subscribe, email: "nope" })).toBe(messages.email);
    expect(firstError(subscribeSchema, { ...subscribe, what: "unsubscribe" })).toBe("Only what=subscribe is supported");
    expect(firstError(subscribeSchema, { ...subscribe, list: "" })).toBe("Please name the mailing list");
    expect(firstError(subscribeSchema, { ...subscribe, first_name: "a".repeat(101) })).toMatch(/first name under 101/);
  });
});

describe("fieldErrors", () => {
  it("maps each invalid form field to its first message", () => {
    expect(fieldErrors(contactFormSchema, { name: "", email: "x", question: "" })).toEqual({
      email: messages.email,
      question: messages.question,
    });
    expect(fieldErrors(contactFormSchema, { name: "", email: "a@example.com", question: "Hi" })).toEqual({});
    expect(fieldErrors(newsletterFormSchema, { email: "", first_name: "", last_name: "" })).toEqual({
      email: messages.email,
    });
  });
});
