import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { contactUrl, mailingListUrl, readAnswer, rememberEmail, rememberedEmail, sendLead } from "./leads.ts";

const site = loadSiteConfig({});
const params = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("contactUrl", () => {
  it("speaks requirements §7 with the defaults of requirements §9", () => {
    const url = contactUrl(site, { name: " Ann ", email: "ann@example.com ", question: "How much?" });
    expect(url.startsWith("/contactUs?")).toBe(true);
    expect([...new URL(url, "http://x").searchParams.keys()]).toEqual([
      "domain",
      "type",
      "name",
      "email",
      "subject",
      "details",
    ]);
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
    expect(params(contactUrl(site, { name: "", email: "a@example.com", question: "Q" }, {}, "spam")).website).toBe(
      "spam",
    );
  });
});

describe("mailingListUrl", () => {
  it("speaks requirements §7 with the configured list", () => {
    const url = mailingListUrl(site, { email: "bo@example.com", first_name: "Bo", last_name: "" });
    expect(url.startsWith("/mailingList?")).toBe(true);
    expect(params(url)).toEqual({
      list: "tallyway.example",
      what: "subscribe",
      email: "bo@example.com",
      first_name: "Bo",
      last_name: "",
    });
  });
});

describe("readAnswer", () => {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  it("reads {message} as success and {error} (with any message) as error, whatever the status", async () => {
    expect(await readAnswer(json({ message: "Thanks" }))).toEqual({ kind: "success", message: "Thanks" });
    expect(await readAnswer(json({ error: "Bad", message: "More" }, 400))).toEqual({
      kind: "error",
      error: "Bad",
      message: "More",
    });
    expect(await readAnswer(json({ error: "Slow down" }, 429))).toEqual({
      kind: "error",
      error: "Slow down",
      message: "",
    });
  });
  it("calls anything unreadable a transport failure", async () => {
    expect(await readAnswer(new Response("<html>Bad gateway</html>", { status: 502 }))).toEqual({
      kind: "transport-failure",
    });
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
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    };
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

describe("sendLead when the server asks for a challenge", () => {
  // A challenge as server/leads/challenge.ts issues it, small enough to solve in a test.
  const salt = "0a1b2c?expires=9999999999";
  const challenge = async (n: number) => {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${salt}${n}`)));
    return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("says it is checking, solves the challenge and sends the sign-up again with the solution", async () => {
    const calls: string[] = [];
    const hash = await challenge(1234);
    const fetchImpl = (async (url: string) => {
      calls.push(url);
      if (url.startsWith("https://api.example/mailingList/challenge"))
        return json(200, { algorithm: "SHA-256", challenge: hash, maxnumber: 3000, salt, signature: "s".repeat(64) });
      const solved = new URL(url).searchParams.get("challenge");
      return solved
        ? json(200, { message: "Thanks" })
        : json(429, { error: "Many sign-ups", challenge: "/mailingList/challenge" });
    }) as typeof fetch;
    let checking = 0;
    const answer = await sendLead("https://api.example/mailingList?email=a%40example.com", fetchImpl, () => checking++);
    expect(answer).toEqual({ kind: "success", message: "Thanks" });
    expect(checking).toBe(1);
    expect(calls).toHaveLength(3);
    const payload = JSON.parse(atob(new URL(calls[2]).searchParams.get("challenge")!));
    expect(payload).toEqual({ algorithm: "SHA-256", challenge: hash, number: 1234, salt, signature: "s".repeat(64) });
    expect(new URL(calls[2]).searchParams.get("email")).toBe("a@example.com");
  });

  it("gives up after one solved try: a second challenge, or none it can solve, is a failure to show", async () => {
    const always = (async (url: string) =>
      url.includes("/mailingList/challenge")
        ? json(200, {
            algorithm: "SHA-256",
            challenge: await challenge(5),
            maxnumber: 10,
            salt,
            signature: "s".repeat(64),
          })
        : json(429, { error: "Many sign-ups", challenge: "/mailingList/challenge" })) as typeof fetch;
    expect(await sendLead("https://api.example/mailingList?email=a", always, () => {})).toEqual({
      kind: "error",
      error: "Many sign-ups",
      message: "",
    });
    const unsolvable = (async (url: string) =>
      url.includes("/mailingList/challenge")
        ? json(200, { algorithm: "SHA-256", challenge: "0".repeat(64), maxnumber: 10, salt, signature: "s".repeat(64) })
        : json(429, { error: "Many sign-ups", challenge: "/mailingList/challenge" })) as typeof fetch;
    expect(await sendLead("https://api.example/mailingList?email=a", unsolvable, () => {})).toEqual({
      kind: "transport-failure",
    });
  });
});
