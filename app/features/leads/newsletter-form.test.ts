import { describe, expect, it } from "vitest";
import { messages } from "#common/validation.ts";
import {
  canSubmitNewsletter,
  initialNewsletterForm,
  newsletterForm,
  newsletterFormReducer as reduce,
  newsletterSubmitDisabled,
  visibleNewsletterError,
  type NewsletterFormState,
} from "./newsletter-form.ts";

const filled: NewsletterFormState = {
  ...initialNewsletterForm,
  values: { email: "bo@example.com", first_name: "Bo", last_name: "" },
};
const submitted = reduce(filled, { type: "submit" });

describe("newsletter form: idle", () => {
  it("needs a valid email before it can submit", () => {
    expect(canSubmitNewsletter(initialNewsletterForm)).toBe(false);
    expect(
      canSubmitNewsletter(reduce(initialNewsletterForm, { type: "change", field: "email", value: "bo@example.com" })),
    ).toBe(true);
  });
  it("keeps its button enabled at rest and while invalid: a tried submit shows the messages instead", () => {
    expect(newsletterSubmitDisabled(initialNewsletterForm)).toBe(false);
    const bad = reduce(initialNewsletterForm, { type: "change", field: "email", value: "bo" });
    expect(newsletterSubmitDisabled(bad)).toBe(false);
    expect(newsletterForm.invalidFields(bad)).toEqual(["email"]);
    expect(newsletterForm.invalidFields(filled)).toEqual([]);
  });
  it("says nothing when the untouched email is tabbed past", () => {
    const passed = reduce(reduce(initialNewsletterForm, { type: "blur", field: "email" }), {
      type: "blur",
      field: "first_name",
    });
    expect(visibleNewsletterError(passed, "email")).toBeUndefined();
    expect(visibleNewsletterError(reduce(passed, { type: "submit" }), "email")).toBe(messages.email);
  });
  it("shows the email message after blur or a tried submit", () => {
    const bad = reduce(initialNewsletterForm, { type: "change", field: "email", value: "bo" });
    expect(visibleNewsletterError(bad, "email")).toBeUndefined();
    expect(visibleNewsletterError(reduce(bad, { type: "blur", field: "email" }), "email")).toBe(messages.email);
    const tried = reduce(bad, { type: "submit" });
    expect(tried.status).toBe("idle");
    expect(visibleNewsletterError(tried, "email")).toBe(messages.email);
  });
  it("prefills a remembered email into an empty field only", () => {
    expect(reduce(initialNewsletterForm, { type: "prefill", email: "old@example.com" }).values.email).toBe(
      "old@example.com",
    );
    expect(reduce(filled, { type: "prefill", email: "old@example.com" }).values.email).toBe("bo@example.com");
  });
  it("close does nothing without a box", () => {
    expect(reduce(filled, { type: "close" })).toBe(filled);
  });
});

describe("newsletter form: submitted", () => {
  it("disables submit while pending", () => {
    expect(submitted.status).toBe("submitted");
    expect(canSubmitNewsletter(submitted)).toBe(false);
    expect(newsletterSubmitDisabled(submitted)).toBe(true);
    expect(reduce(submitted, { type: "submit" })).toBe(submitted);
    expect(reduce(submitted, { type: "close" })).toBe(submitted);
  });
  it("an answer without error shows the success box with the message", () => {
    const success = reduce(submitted, { type: "answered", answer: { kind: "success", message: "Check your inbox" } });
    expect(success).toMatchObject({ status: "success", box: "Check your inbox" });
    expect(canSubmitNewsletter(success)).toBe(false);
    expect(newsletterSubmitDisabled(success)).toBe(true);
  });
  it("an error shows the warning box with the error, a new line and the message if present", () => {
    expect(
      reduce(submitted, { type: "answered", answer: { kind: "error", error: "Bad list", message: "Try later" } }),
    ).toMatchObject({
      status: "warning",
      box: "Bad list\nTry later",
    });
    expect(reduce(submitted, { type: "answered", answer: { kind: "error", error: "Bad list", message: "" } }).box).toBe(
      "Bad list",
    );
  });
  it("a transport failure warns 'Could not subscribe'", () => {
    expect(reduce(submitted, { type: "answered", answer: { kind: "transport-failure" } })).toMatchObject({
      status: "warning",
      box: "Could not subscribe",
    });
  });
});

describe("newsletter form: confirmation box", () => {
  const warning = reduce(submitted, { type: "answered", answer: { kind: "transport-failure" } });
  const success = reduce(submitted, { type: "answered", answer: { kind: "success", message: "Thanks" } });
  it("after a warning submit is enabled again, and submitting clears the box", () => {
    expect(canSubmitNewsletter(warning)).toBe(true);
    expect(newsletterSubmitDisabled(warning)).toBe(false);
    expect(reduce(warning, { type: "submit" })).toMatchObject({ status: "submitted", box: "" });
  });
  it("close returns to idle and removes the box", () => {
    expect(reduce(success, { type: "close" })).toMatchObject({ status: "idle", box: "" });
    expect(reduce(warning, { type: "close" })).toMatchObject({ status: "idle", box: "" });
    expect(canSubmitNewsletter(reduce(success, { type: "close" }))).toBe(true);
    expect(newsletterSubmitDisabled(reduce(success, { type: "close" }))).toBe(false);
  });
  it("a late answer outside 'submitted' changes nothing", () => {
    expect(reduce(success, { type: "answered", answer: { kind: "transport-failure" } })).toBe(success);
  });
});

describe("newsletter form: checking the browser", () => {
  const checking = reduce(submitted, { type: "checking" });
  it("a challenged submit shows it is checking, its button still disabled", () => {
    expect(checking).toMatchObject({ status: "checking", box: "" });
    expect(newsletterSubmitDisabled(checking)).toBe(true);
    expect(canSubmitNewsletter(checking)).toBe(false);
    expect(reduce(checking, { type: "submit" })).toBe(checking);
    expect(reduce(checking, { type: "close" })).toBe(checking);
  });
  it("the answer to the solved sign-up ends it: success, or a warning after which submit works again", () => {
    expect(
      reduce(checking, { type: "answered", answer: { kind: "success", message: "Check your inbox" } }),
    ).toMatchObject({
      status: "success",
      box: "Check your inbox",
    });
    const failed = reduce(checking, { type: "answered", answer: { kind: "transport-failure" } });
    expect(failed).toMatchObject({ status: "warning", box: "Could not subscribe" });
    expect(canSubmitNewsletter(failed)).toBe(true);
  });
  it("comes only while a submit is pending", () => {
    expect(reduce(filled, { type: "checking" })).toBe(filled);
    const success = reduce(submitted, { type: "answered", answer: { kind: "success", message: "Thanks" } });
    expect(reduce(success, { type: "checking" })).toBe(success);
  });
});
