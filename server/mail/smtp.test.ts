// The outbox against a real SMTP peer (smtp-server on loopback): delivery, an outage, and
// every queued mail delivered exactly once after the peer comes back.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { testApp, waitFor } from "../../tests/support/app.ts";

interface Received {
  to: string;
  subject: string;
  messageId: string;
  raw: string;
}

function smtpPeer(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString();
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "",
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1] ?? "",
          raw,
        });
        callback();
      });
    },
  });
  const listening = new Promise<number>((resolve) => server.listen(port, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)));
  return { received, listening, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Headers unfolded and quoted-printable decoded, so the test reads what a mail client shows. */
const readable = (raw: string) =>
  raw
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe("the outbox over SMTP", () => {
  it("delivers the notification to sales and the confirmation to the subscriber", async () => {
    const peer = smtpPeer();
    const port = await peer.listening;
    cleanups.push(peer.close);
    const { app } = await testApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    cleanups.push(() => app.close());
    const lead = await app.inject({ url: `/contactUs?${query({ email: "ann@example.com", name: "Ann", details: "Line <one>\nline two" })}` });
    expect(lead.statusCode).toBe(200);
    const sub = await app.inject({ url: `/mailingList?${query({ list: "tallyway.example", what: "subscribe", email: "bo@example.com" })}` });
    expect(sub.statusCode).toBe(200);
    await waitFor(() => peer.received.length >= 2);
    const notification = peer.received.find((m) => m.to === "sales@tallyway.example")!.raw;
    const shown = readable(notification);
    expect(shown).toMatch(/^Reply-To: Ann <ann@example.com>\r?$/m);
    expect(shown).toContain("Line &lt;one&gt;");
    expect(shown).not.toContain('<p style="white-space:pre-wrap">Line <one>');
    const confirmation = readable(peer.received.find((m) => m.to === "bo@example.com")!.raw);
    expect(confirmation).toMatch(/\/mailingList\/confirm\?token=\d+\.[\w-]{43}/);
    expect(confirmation).toMatch(/^List-Unsubscribe: <https:\/\/www\.tallyway\.example\/mailingList\/unsubscribe\?token=\d+\.[\w-]{43}>\r?$/m);
    expect(confirmation).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });

  it("accepts submissions while the peer is down and delivers every queued mail exactly once when it is back", async () => {
    const first = smtpPeer();
    const port = await first.listening;
    await first.close();
    const { app, db } = await testApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { retryBaseMs: 20, pollMs: 30 });
    cleanups.push(() => app.close());
    const count = 12;
    for (let i = 0; i < count; i++) {
      const response = await app.inject({ url: `/contactUs?${query({ email: `visitor${i}@example.com`, details: `question ${i}` })}` });
      expect(response.statusCode).toBe(200);
    }
    // The worker has tried and failed; everything is still queued.
    await waitFor(
      () => (db.prepare("SELECT count(*) AS n FROM outbox WHERE attempts > 0 AND delivered_at IS NULL").get() as { n: number }).n === count,
    );
    const second = smtpPeer(port);
    await second.listening;
    cleanups.push(second.close);
    await waitFor(() => (db.prepare("SELECT count(*) AS n FROM outbox WHERE delivered_at IS NULL").get() as { n: number }).n === 0, 20_000);
    // Give a duplicate the chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = second.received.map((m) => m.messageId);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    expect(second.received.every((m) => m.to === "sales@tallyway.example")).toBe(true);
  }, 30_000);
});
