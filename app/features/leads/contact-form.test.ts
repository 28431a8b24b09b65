import { describe, expect, it } from "vitest";
import { messages } from "#common/validation.ts";
import {
  canSubmitContact,
  contactForm,
  contactFormReducer as reduce,
  contactHint,
  contactToast,
  contactTransportFailure,
  initialContactForm,
  visibleContactError,
  type ContactFormState,
} from "./contact-form.ts";

const filled: ContactFormState = {
  ...initialContactForm,
  values: { name: "", email: "ann@example.com", question: "How much?" },
};
const sending = reduce(filled, { type: "submit" });

describe("contact form: editing", () => {
  it("starts empty, editing, with submit disabled because it is invalid", () => {
    expect(initialContactForm.status).toBe("editing");
    expect(canSubmitContact(initialContactForm)).toBe(false);
  });
  it("change updates a value; a valid form enables submit", () => {
    let state = reduce(initialContactForm, { type: "change", field: "email", value: "ann@example.com" });
    expect(canSubmitContact(state)).toBe(false);
    state = reduce(state, { type: "change", field: "question", value: "Hi" });
    expect(state.values).toEqual({ name: "", email: "ann@example.com", question: "Hi" });
    expect(canSubmitContact(state)).toBe(true);
  });
  it("shows a field's error only after it was left", () => {
    const bad = reduce(initialContactForm, { type: "change", field: "email", value: "ann@" });
    expect(visibleContactError(bad, "email")).toBeUndefined();
    const left = reduce(bad, { type: "blur", field: "email" });
    expect(visibleContactError(left, "email")).toBe(messages.email);
    expect(visibleContactError(left, "question")).toBeUndefined();
    // Tabbing past an untouched field says nothing; typed in and cleared, it does.
    expect(visibleContactError(reduce(left, { type: "blur", field: "question" }), "question")).toBeUndefined();
    const cleared = [
      { type: "change", field: "question", value: "Hi" },
      { type: "change", field: "question", value: "" },
      { type: "blur", field: "question" },
    ] as const;
    expect(visibleContactError(cleared.reduce(reduce, left), "question")).toBe(messages.question);
    expect(reduce(left, { type: "blur", field: "email" })).toBe(left);
    expect(visibleContactError(reduce(left, { type: "submit" }), "question")).toBe(messages.question);
  });
  it("prefill sets a remembered email only into an empty field", () => {
    expect(reduce(initialContactForm, { type: "prefill", email: "old@example.com" }).values.email).toBe(
      "old@example.com",
    );
    expect(reduce(filled, { type: "prefill", email: "old@example.com" }).values.email).toBe("ann@example.com");
    expect(reduce(initialContactForm, { type: "prefill", email: "" })).toBe(initialContactForm);
  });
  it("submit of an invalid form stays editing and shows every error", () => {
    const state = reduce(initialContactForm, { type: "submit" });
    expect(state.status).toBe("editing");
    expect(visibleContactError(state, "email")).toBe(messages.email);
    expect(visibleContactError(state, "question")).toBe(messages.question);
    expect(visibleContactError(state, "name")).toBeUndefined();
  });
});

describe("contact form: sending", () => {
  it("submit of a valid form goes to sending with the button disabled", () => {
    expect(sending.status).toBe("sending");
    expect(canSubmitContact(sending)).toBe(false);
    expect(reduce(sending, { type: "submit" })).toBe(sending);
  });
  it("an error answer or a transport failure re-enables the button", () => {
    const afterError = reduce(sending, { type: "answered", answer: { kind: "error", error: "Bad", message: "" } });
    expect(afterError.status).toBe("editing");
    expect(canSubmitContact(afterError)).toBe(true);
    const afterFailure = reduce(sending, { type: "answered", answer: { kind: "transport-failure" } });
    expect(afterFailure.status).toBe("editing");
    expect(canSubmitContact(afterFailure)).toBe(true);
  });
  it("success keeps the button disabled for good and keeps the server's message for the confirmation", () => {
    const sent = reduce(sending, { type: "answered", answer: { kind: "success", message: "Thanks" } });
    expect(sent.status).toBe("sent");
    expect(sent.message).toBe("Thanks");
    expect(sent.values).toEqual({ name: "", email: "ann@example.com", question: "" });
    expect(visibleContactError(sent, "question")).toBeUndefined();
    expect(contactForm.submitDisabled(sent)).toBe(true);
    expect(canSubmitContact(sent)).toBe(false);
    expect(reduce(sent, { type: "submit" })).toBe(sent);
    expect(reduce(sent, { type: "answered", answer: { kind: "transport-failure" } })).toBe(sent);
  });
  it("says it is checking the browser while it solves the server's challenge, until the answer", () => {
    const checking = reduce(sending, { type: "checking" });
    expect(checking.status).toBe("sending");
    expect(contactHint(checking)).toBe("Checking your browser…");
    expect(canSubmitContact(checking)).toBe(false);
    const sent = reduce(checking, { type: "answered", answer: { kind: "success", message: "Thanks" } });
    expect(sent).toMatchObject({ status: "sent", checking: false });
    expect(reduce(filled, { type: "checking" })).toBe(filled);
    const again = reduce(reduce(checking, { type: "answered", answer: { kind: "transport-failure" } }), {
      type: "submit",
    });
    expect(contactHint(again)).toBe("Sending…");
  });
  it("an answer while editing (a stale one) changes nothing", () => {
    expect(reduce(filled, { type: "answered", answer: { kind: "success", message: "x" } })).toBe(filled);
  });
});

describe("contact form: why the button is disabled", () => {
  const typed = (values: Partial<ContactFormState["values"]>) => ({
    ...initialContactForm,
    values: { ...initialContactForm.values, ...values },
  });
  it("says what is missing, then what needs a look", () => {
    expect(contactHint(initialContactForm)).toBe("Add your email and question to send");
    expect(contactHint(typed({ question: "Hi" }))).toBe("Add your email to send");
    expect(contactHint(typed({ email: "ann@example.com" }))).toBe("Add your question to send");
    expect(contactHint(typed({ email: "ann@", question: "Hi" }))).toBe("Check your email address to send");
    expect(contactHint(typed({ email: "ann@" }))).toBe("Add your question and check your email address to send");
    expect(contactHint(typed({ email: "  ", question: " \n " }))).toBe("Add your email and question to send");
  });
  it("says nothing once the form can be sent, 'Sending…' while sending, and nothing after success", () => {
    expect(contactHint(filled)).toBeUndefined();
    expect(contactForm.submitDisabled(filled)).toBe(false);
    expect(contactHint(sending)).toBe("Sending…");
    expect(
      contactHint(reduce(sending, { type: "answered", answer: { kind: "success", message: "Thanks" } })),
    ).toBeUndefined();
  });
  it("is disabled exactly while the hint or sending says so", () => {
    expect(contactForm.submitDisabled(initialContactForm)).toBe(true);
    expect(contactForm.submitDisabled(sending)).toBe(true);
  });
  it("lists the invalid fields in the order of the form", () => {
    expect(contactForm.invalidFields(initialContactForm)).toEqual(["email", "question"]);
    expect(contactForm.invalidFields(typed({ name: "a\u0000b", email: "x@example.com", question: "Hi" }))).toEqual([
      "name",
    ]);
    expect(contactForm.invalidFields(filled)).toEqual([]);
  });
});

describe("contactToast (requirements §8)", () => {
  it("success toast with the server's message; warning toasts with its error or the transport text", () => {
    expect(contactToast({ kind: "success", message: "Thanks" })).toEqual({ type: "success", text: "Thanks" });
    expect(contactToast({ kind: "error", error: "Bad", message: "x" })).toEqual({ type: "warn", text: "Bad" });
    expect(contactToast({ kind: "transport-failure" })).toEqual({
      type: "warn",
      text: "Could not submit - please try again later",
    });
    expect(contactTransportFailure).toBe("Could not submit - please try again later");
  });
});
