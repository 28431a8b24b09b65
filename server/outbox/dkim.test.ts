// DKIM: the confirmation mail, sent by the app through a real SMTP peer with a key from
// dkimKeyPair (what `npm run -s dkim -- keygen` writes), verifies with mailauth (not ours)
// given the record keygen prints as the only DNS answer, and its signature covers both
// List-Unsubscribe headers (RFC 8058 §4) and the List-Id. Transactional and newsletter mail
// can have different senders.
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, describe, expect, it } from "vitest";
import { testApp, waitFor } from "../../tests/support/app.ts";
import { smtpPeer } from "../../tests/support/smtp-peer.ts";
import { dkimKeyPair } from "./dkim.ts";
import { dkimResolver } from "../../tests/support/dkim-dns.ts";

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function sendConfirmation(env: Record<string, string>) {
  const peer = smtpPeer();
  const port = await peer.listening;
  cleanups.push(peer.close);
  const { app } = await testApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, ...env });
  cleanups.push(() => app.close());
  const subscribe = new URLSearchParams({
    list: app.config.site.mailingList,
    what: "subscribe",
    email: "bo@example.com",
  });
  expect((await app.inject({ url: `/mailingList?${subscribe}` })).statusCode).toBe(200);
  return (await waitFor(() => peer.received[0])).raw;
}

/** A resolver that knows one TXT record, as DNS would answer for the published key. */

describe("DKIM-signed mail (issue 21)", () => {
  const key = dkimKeyPair("tw2026", "tallyway.example");

  it("verifies with mailauth against the published record, List-Unsubscribe, -Post and List-Id signed", async () => {
    const raw = await sendConfirmation({
      DKIM_DOMAIN: "tallyway.example",
      DKIM_SELECTOR: "tw2026",
      DKIM_PRIVATE_KEY: key.privateKeyPem,
    });
    expect(raw).toMatch(/^List-Id: Tallyway newsletter <newsletter\.tallyway\.example>$/im);
    const { results } = await dkimVerify(raw, { resolver: dkimResolver(key) as never });
    expect(results).toHaveLength(1);
    expect(results[0].status.result).toBe("pass");
    expect(results[0].signingDomain).toBe("tallyway.example");
    const signed = /^DKIM-Signature:[\s\S]*?\bh=([^;]+);/m.exec(raw)![1].replace(/\s+/g, "").toLowerCase().split(":");
    expect(signed).toEqual(
      expect.arrayContaining(["from", "subject", "list-unsubscribe", "list-unsubscribe-post", "list-id"]),
    );
  });

  it("fails verification with another key's record (the check can fail)", async () => {
    const raw = await sendConfirmation({
      DKIM_DOMAIN: "tallyway.example",
      DKIM_SELECTOR: "tw2026",
      DKIM_PRIVATE_KEY: key.privateKeyPem,
    });
    const other = dkimKeyPair("tw2026", "tallyway.example");
    const { results } = await dkimVerify(raw, { resolver: dkimResolver(other) as never });
    expect(results[0].status.result).toBe("fail");
  });

  it("oversigns: a Reply-To, a second From or Subject added on the way fails verification (issue 29 point 10)", async () => {
    const raw = await sendConfirmation({
      DKIM_DOMAIN: "tallyway.example",
      DKIM_SELECTOR: "tw2026",
      DKIM_PRIVATE_KEY: key.privateKeyPem,
    });
    expect(raw).not.toMatch(/^Reply-To:/im);
    const resolver = dkimResolver(key) as never;
    const signed = /^DKIM-Signature:[\s\S]*?\bh=([^;]+);/m.exec(raw)![1].replace(/\s+/g, "").toLowerCase().split(":");
    const count = (name: string) => signed.filter((field) => field === name).length;
    for (const name of ["from", "to", "subject", "date", "list-id", "list-unsubscribe", "list-unsubscribe-post"])
      expect(count(name), name).toBe(2);
    for (const name of ["reply-to", "list-help", "list-subscribe", "list-post", "list-owner", "list-archive"])
      expect(count(name), name).toBe(1);
    const added = (header: string) => raw.replace(/^(DKIM-Signature:)/m, `${header}\r\n$1`);
    expect((await dkimVerify(raw, { resolver })).results[0].status.result).toBe("pass");
    for (const header of [
      "Reply-To: Support <help@evil.example>",
      "From: Tallyway <billing@evil.example>",
      "Subject: Your invoice",
      "List-Post: <mailto:x@evil.example>",
    ]) {
      const { results } = await dkimVerify(added(header), { resolver });
      expect(results[0].status.result, header).toBe("fail");
    }
  });

  it("sends unsigned without DKIM settings, from MAIL_FROM", async () => {
    const raw = await sendConfirmation({
      MAIL_FROM: "Tallyway <hello@tallyway.example>",
      NEWSLETTER_FROM: "Tallyway News <news@tallyway.example>",
    });
    expect(raw).not.toMatch(/^DKIM-Signature:/m);
    // The confirmation is transactional mail: MAIL_FROM, not NEWSLETTER_FROM.
    expect(raw).toMatch(/^From: Tallyway <hello@tallyway\.example>$/m);
  });
});
