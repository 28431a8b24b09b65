import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { contactUrl, mailingListUrl, readAnswer, rememberEmail, rememberedEmail, sendLead } from "./leads.ts";

const site = loadSiteConfig({});
const params = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("contactUrl", () => {
  it("speaks spec §7 with the defaults of spec §9", () => {
    const url = contactUrl(site, { name: " Ann ", email: "ann@example.com ", question: "How much?" });
    expect(url.startsWith("/contactUs?")).toBe(true);
    expect([...new URL(url, "http://x").searchParams.keys()]).toEqual(["domain", "type", "name", "email", "subject", "details"]);
    expect(params(url)).toEqual({
      domain: "www.tallyway.example",
      type: "Lead",
      name: "Ann",
      email: "ann@example.com",
      subject: "Tallyway website enquiry",
      details: "How much?",
    });
  });
  it("takes subject, type and domain from the caller and the server base from config", () => {
    const url = contactUrl(
      { ...site, serverBase: "https://api.example" },
      { name: "", email: "a@example.com", question: "Q" },
      { subject: "Support X", type: "Demo", domain: "d.example" },
    );
    expect(url.startsWith("https://api.example/contactUs?")).toBe(true);
    expect(params(url)).toMatchObject({ subject: "Support X", type: "Demo", domain: "d.example", name: "" });
  });
  it("adds the honeypot only when a bot filled it", () => {
    expect(params(contactUrl(site, { name: "", email: "a@example.com", question: "Q" }, {}, "spam")).website).toBe("spam");
  });
});

describe("mailingListUrl", () => {
  it("speaks spec §7 with the configured list", () => {
    const url = mailingListUrl(site, { email: "bo@example.com", first_name: "Bo", last_name: "" });
    expect(url.startsWith("/mailingList?")).toBe(true);
    expect(params(url)).toEqual({ list: "tallyway.example", what: "subscribe", email: "bo@example.com", first_name: "Bo", last_name: "" });
  });
});

describe("readAnswer", () => {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  it("reads {message} as success and {error} (with any message) as error, whatever the status", async () => {
    expect(await readAnswer(json({ message: "Thanks" }))).toEqual({ kind: "success", message: "Thanks" });
    expect(await readAnswer(json({ error: "Bad", message: "More" }, 400))).toEqual({ kind: "error", error: "Bad", message: "More" });
    expect(await readAnswer(json({ error: "Slow down" }, 429))).toEqual({ kind: "error", error: "Slow down", message: "" });
  });
  it("calls anything unreadable a transport failure", async () => {
    expect(await readAnswer(new Response("<html>Bad gateway</html>", { status: 502 }))).toEqual({ kind: "transport-failure" });
    expect(await readAnswer(json({}, 503))).toEqual({ kind: "transport-failure" });
    expect(await readAnswer(json(null))).toEqual({ kind: "transport-failure" });
  });
});

describe("sendLead", () => {
  it("turns a network error into a transport failure", async () => {
    const failing = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await sendLead("/contactUs?x", failing)).toEqual({ kind: "transport-failure" });
  });
});

describe("remembered email", () => {
  it("keeps the address under `email` and survives a storage that throws", () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    rememberEmail(" ann@example.com ", storage);
    expect(map.get("email")).toBe("ann@example.com");
    expect(rememberedEmail(storage)).toBe("ann@example.com");
    const broken = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("full");
      },
    };
    expect(() => rememberEmail("a@example.com", broken)).not.toThrow();
    expect(rememberedEmail(broken)).toBe("");
  });
});
