// The proof-of-work challenge (issue 29 point 5): issued signed with an expiry, solved by
// counting as the browser does, accepted once across two stores on one database file.
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Challenge } from "#common/challenge-solver.ts";
import { openDatabase } from "../db/database.ts";
import { sqliteQueries } from "../db/query.ts";
import { challengeKey, challengeLifetimeMs, challengeStore, issueChallenge, verifySolution } from "./challenge.ts";

const key = challengeKey("a newsletter secret of thirty-two bytes or more");
const now = new Date("2026-03-02T10:00:00.000Z");
const later = (ms: number) => new Date(now.getTime() + ms);

/** What the browser does (common/challenge-solver.ts), with node's SHA-256. */
function solve(challenge: Challenge): number {
  for (let n = 0; n <= challenge.maxnumber; n++)
    if (createHash("sha256").update(`${challenge.salt}${n}`).digest("hex") === challenge.challenge) return n;
  throw new Error("no number solves it");
}
const payload = (challenge: Challenge, number: number, change: Partial<Challenge> = {}) => {
  const { maxnumber: _max, ...rest } = { ...challenge, ...change };
  return Buffer.from(JSON.stringify({ ...rest, number })).toString("base64");
};

function twoStores() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "challenge-")), "site.db");
  const [a, b] = [openDatabase(file), openDatabase(file)];
  return {
    a: challengeStore(sqliteQueries(a)),
    b: challengeStore(sqliteQueries(b)),
    close: () => (a.close(), b.close()),
  };
}

describe("a proof-of-work challenge", () => {
  it("is issued as SHA-256 of the salt and a secret number at most maxnumber, signed, expiring", () => {
    const challenge = issueChallenge(key, now, 1000);
    expect(challenge).toMatchObject({ algorithm: "SHA-256", maxnumber: 1000 });
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.salt).toMatch(new RegExp(`\\?expires=${(now.getTime() + challengeLifetimeMs) / 1000}$`));
    expect(solve(challenge)).toBeLessThanOrEqual(1000);
    expect(issueChallenge(key, now, 1000).salt).not.toBe(challenge.salt);
  });

  it("accepts the right number once, also when the second try goes to another instance's store", async () => {
    const { a, b, close } = twoStores();
    try {
      const challenge = issueChallenge(key, now, 1000);
      const solution = payload(challenge, solve(challenge));
      expect(await verifySolution(key, solution, later(1000), a)).toBe("accepted");
      expect(await verifySolution(key, solution, later(2000), a)).toBe("used");
      expect(await verifySolution(key, solution, later(2000), b)).toBe("used");
      const other = issueChallenge(key, now, 1000);
      expect(await verifySolution(key, payload(other, solve(other)), later(3000), b)).toBe("accepted");
    } finally {
      close();
    }
  });

  it("refuses a wrong number, an expired challenge, a bad signature and anything malformed", async () => {
    const { a, close } = twoStores();
    try {
      const challenge = issueChallenge(key, now, 1000);
      const number = solve(challenge);
      expect(await verifySolution(key, payload(challenge, number + 1), later(1000), a)).toBe("wrong number");
      expect(await verifySolution(key, payload(challenge, number), later(challengeLifetimeMs + 1000), a)).toBe(
        "expired",
      );
      // Signed with another key, or a salt with a later expiry the signature does not cover.
      const foreign = issueChallenge(challengeKey("another secret of thirty-two bytes, or more"), now, 1000);
      expect(await verifySolution(key, payload(foreign, solve(foreign)), later(1000), a)).toBe("bad signature");
      const stretched = challenge.salt.replace(/expires=\d+/, `expires=${now.getTime() / 1000 + 86_400}`);
      expect(await verifySolution(key, payload(challenge, number, { salt: stretched }), later(1000), a)).toBe(
        "wrong number",
      );
      for (const bad of [
        undefined,
        "",
        "%%%",
        Buffer.from("[]").toString("base64"),
        payload(challenge, number, { algorithm: "SHA-1" as "SHA-256" }),
        "x".repeat(5000),
      ])
        expect(await verifySolution(key, bad, later(1000), a), String(bad).slice(0, 20)).toBe("malformed");
      // None of those spent it: the right answer still counts, once.
      expect(await verifySolution(key, payload(challenge, number), later(1000), a)).toBe("accepted");
    } finally {
      close();
    }
  });

  it("forgets solutions once they expired, so the table does not grow", async () => {
    const { a, close } = twoStores();
    try {
      for (let i = 0; i < 5; i++) expect(await a.spend(`c${i}`, later(1000), now)).toBe(true);
      expect(await a.spend("late", later(10_000), later(5000))).toBe(true);
      expect(await a.spend("c0", later(20_000), later(6000))).toBe(true);
    } finally {
      close();
    }
  });
});
