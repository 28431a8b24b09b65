// Mail limits an attacker cannot walk around (issue 25 point 6), against the real server and a
// real SMTP peer: plus-address and dot variants of one inbox sent from many source addresses
// get that inbox one confirmation mail, and another site's page cannot sign anyone up.
import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { fetchAndSolve } from "#common/challenge-solver.ts";
import { fixtureBuild, waitFor } from "../../tests/support/app.ts";
import { startServer } from "../../tests/support/server.ts";
import { smtpPeer } from "../../tests/support/smtp-peer.ts";
import { databaseFile, openDatabase } from "../db/database.ts";

/** A GET from a given loopback source address (127.0.0.0/8 is all loopback on Linux). */
function getFrom(url: string, localAddress: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { localAddress, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const subscribeQuery = (email: string) =>
  new URLSearchParams({ list: "tallyway.example", what: "subscribe", email }).toString();
/** 200 spellings of one Gmail inbox: capitals, dots anywhere, +tags, the googlemail.com alias. */
const variants = Array.from({ length: 200 }, (_, i) => {
  const local = [..."janedoe"].map((letter, at) => (at > 0 && (i >> (at - 1)) & 1 ? `.${letter}` : letter)).join("");
  const cased = i % 3 === 0 ? local.toUpperCase() : local;
  return `${cased}${i < 64 ? "" : `+news${i}`}@${i % 4 === 3 ? "googlemail.com" : "gmail.com"}`;
});
/** 20 source addresses, 10 requests each: the per-address limit (10 a minute) is never hit. */
const sources = Array.from({ length: 20 }, (_, i) => ({
  address: `127.0.0.${i + 2}`,
  emails: variants.slice(i * 10, i * 10 + 10),
}));

describe("confirmation mails to one inbox", () => {
  it("sends one for 200 plus and dot variants from 20 source addresses in a minute", async () => {
    const peer = smtpPeer();
    const smtpPort = await peer.listening;
    // All 20 sources are in one /24: its sign-up count is raised, so this tests the inbox rule alone.
    const server = await startServer({
      BUILD_DIR: fixtureBuild(),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      RATE_LIMIT_PER_MINUTE: "10",
      SIGNUPS_PER_NETWORK_PER_HOUR: "1000",
    });
    try {
      expect(new Set(variants.map((email) => email.toLowerCase())).size).toBe(200);
      const answers = await Promise.all(
        sources.map(async ({ address, emails }) => {
          const statuses = [];
          for (const email of emails)
            statuses.push((await getFrom(`${server.url}/mailingList?${subscribeQuery(email)}`, address)).status);
          return statuses;
        }),
      );
      expect(answers.flat()).toEqual(variants.map(() => 200));
      const db = openDatabase(databaseFile(server.dataDir));
      // Every sign-up is stored (one row per address as typed), whatever was mailed.
      expect(db.prepare("SELECT count(*) AS n FROM subscribers").get()).toEqual({ n: 200 });
      // Once the outbox has handed every queued mail to the peer, count what the peer holds.
      const queued = (db.prepare("SELECT count(*) AS n FROM outbox").get() as { n: number }).n;
      await waitFor(
        () =>
          peer.received.length >= queued &&
          (db.prepare("SELECT count(*) AS n FROM outbox WHERE delivered_at IS NULL").get() as { n: number }).n === 0,
      );
      db.close();
      expect(peer.received.filter((mail) => /@g(oogle)?mail\.com$/i.test(mail.to))).toHaveLength(1);
    } finally {
      await server.stop();
      await peer.close();
    }
  }, 30_000);

  it("refuses a sign-up another site's page makes (an <img>), and keeps the site's own calls working", async () => {
    const server = await startServer({ BUILD_DIR: fixtureBuild(), SERVER_BASE_URL: "https://api.tallyway.example" });
    try {
      const url = (email: string) => `${server.url}/mailingList?${subscribeQuery(email)}`;
      const img = await getFrom(url("victim@example.com"), "127.0.0.1", {
        "sec-fetch-site": "cross-site",
        "sec-fetch-dest": "image",
      });
      expect(img.status).toBe(403);
      const foreignScript = await getFrom(url("victim@example.com"), "127.0.0.1", {
        "sec-fetch-site": "cross-site",
        origin: "https://evil.example",
      });
      expect(foreignScript.status).toBe(403);
      const own: Record<string, string>[] = [
        { "sec-fetch-site": "same-origin" },
        { "sec-fetch-site": "same-site", origin: "https://www.tallyway.example" },
        // The site's page calling a server base on another site: cross-site, with our Origin.
        { "sec-fetch-site": "cross-site", origin: "https://www.tallyway.example" },
        // Not a browser: no Fetch Metadata at all.
        {},
      ];
      for (const [i, headers] of own.entries()) {
        const answer = await getFrom(url(`own${i}@example.com`), "127.0.0.1", headers);
        expect(answer.status, JSON.stringify(headers)).toBe(200);
      }
    } finally {
      await server.stop();
    }
  }, 30_000);
});

describe("the hourly cap", () => {
  it("asks sign-ups over it to solve the challenge, stores the solved ones, queues no mail for them, and says so in the log once", async () => {
    const server = await startServer({
      BUILD_DIR: fixtureBuild(),
      CONFIRMATION_MAILS_PER_HOUR: "1",
      CHALLENGE_MAX_NUMBER: "2000",
    });
    try {
      const url = (email: string) => `${server.url}/mailingList?${subscribeQuery(email)}`;
      expect((await getFrom(url("a@example.com"), "127.0.0.1")).status).toBe(200);
      for (const name of ["b", "c", "d"]) {
        expect((await getFrom(url(`${name}@example.com`), "127.0.0.1")).status).toBe(429);
        const solution = await fetchAndSolve(`${server.url}/mailingList/challenge`);
        expect(
          (await getFrom(`${url(`${name}@example.com`)}&challenge=${encodeURIComponent(solution)}`, "127.0.0.1"))
            .status,
        ).toBe(200);
      }
      const db = openDatabase(databaseFile(server.dataDir));
      expect(db.prepare("SELECT count(*) AS n FROM subscribers").get()).toEqual({ n: 4 });
      expect(db.prepare("SELECT count(*) AS n FROM subscribers WHERE confirm_waiting_since IS NOT NULL").get()).toEqual(
        { n: 3 },
      );
      expect(db.prepare("SELECT count(*) AS n FROM outbox").get()).toEqual({ n: 1 });
      db.close();
      // The log line travels through the server's stdout pipe: wait for it, then count it.
      await waitFor(() => server.output().includes("over the hourly budget"));
      expect(server.output().match(/confirmation mails over the hourly budget/g)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  }, 30_000);
});
