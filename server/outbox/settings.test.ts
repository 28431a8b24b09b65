// The delivery settings of server/config.ts (issue 21): webhook endpoints, the CRM sink, DKIM,
// senders and the digest's address, and the one-line refusals naming the variable.
import { describe, expect, it } from "vitest";
import { loadServerConfig } from "../config.ts";
import { dkimKeyPair } from "./dkim.ts";

const secret = (n: number) => `whsec_${Buffer.alloc(32, n).toString("base64")}`;

describe("delivery settings", () => {
  it("reads numbered webhook endpoints in order, each with its own secret", () => {
    const config = loadServerConfig({
      WEBHOOK_URL_10: "https://ten.example/in",
      WEBHOOK_SECRET_10: secret(10),
      WEBHOOK_URL: "https://one.example/in",
      WEBHOOK_SECRET: secret(1),
      WEBHOOK_URL_2: "https://two.example/in",
      WEBHOOK_SECRET_2: secret(2),
    });
    expect(config.webhooks).toEqual([
      { url: "https://one.example/in", secret: secret(1) },
      { url: "https://two.example/in", secret: secret(2) },
      { url: "https://ten.example/in", secret: secret(10) },
    ]);
    expect(loadServerConfig({}).webhooks).toEqual([]);
  });

  it("refuses an endpoint without its secret, a secret not in the whsec_ form, and a CRM without its organisation", () => {
    expect(() =>
      loadServerConfig({
        WEBHOOK_URL: "https://one.example/in",
        WEBHOOK_URL_2: "https://two.example/in",
        WEBHOOK_SECRET: secret(1),
      }),
    ).toThrow(/WEBHOOK_SECRET_2 must be "whsec_"/);
    expect(() => loadServerConfig({ WEBHOOK_URL: "https://one.example/in", WEBHOOK_SECRET: "hunter2" })).toThrow(
      /WEBHOOK_SECRET must be "whsec_"/,
    );
    expect(() => loadServerConfig({ WEBHOOK_URL: "ftp://one.example", WEBHOOK_SECRET: secret(1) })).toThrow(
      /WEBHOOK_URL must be an http\(s\) URL/,
    );
    expect(() => loadServerConfig({ CRM_WEB_TO_LEAD_URL: "https://crm.example/w2l" })).toThrow(
      /CRM_ORG_ID must be set/,
    );
    expect(loadServerConfig({ CRM_WEB_TO_LEAD_URL: "https://crm.example/w2l", CRM_ORG_ID: "00D" }).crm).toEqual({
      url: "https://crm.example/w2l",
      orgId: "00D",
      leadSource: "Web",
    });
  });

  it("signs only with all three DKIM settings, the key given inline (with \\n) or as a file", () => {
    const { privateKeyPem } = dkimKeyPair("s1", "example.com");
    const inline = loadServerConfig({
      DKIM_DOMAIN: "example.com",
      DKIM_SELECTOR: "s1",
      DKIM_PRIVATE_KEY: privateKeyPem.replace(/\n/g, "\\n"),
    });
    expect(inline.dkim).toEqual({ domainName: "example.com", keySelector: "s1", privateKey: privateKeyPem });
    expect(() => loadServerConfig({ DKIM_DOMAIN: "example.com" })).toThrow(
      /DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY/,
    );
    expect(() =>
      loadServerConfig({
        DKIM_DOMAIN: "example.com",
        DKIM_SELECTOR: "s1",
        DKIM_PRIVATE_KEY_FILE: "/nonexistent/key.pem",
      }),
    ).toThrow(/DKIM_PRIVATE_KEY_FILE cannot be read/);
    expect(loadServerConfig({}).dkim).toBeUndefined();
  });

  it("sends the digest to sales unless DIGEST_TO says otherwise, none when it is empty", () => {
    expect(loadServerConfig({}).digestTo).toBe("sales@tallyway.example");
    expect(loadServerConfig({ DIGEST_TO: "" }).digestTo).toBe("");
    expect(() => loadServerConfig({ DIGEST_TO: "nobody" })).toThrow(/DIGEST_TO must be an e-mail address/);
    expect(loadServerConfig({ MAIL_FROM: "A <a@example.com>" }).newsletterFrom).toBe("A <a@example.com>");
  });
});
