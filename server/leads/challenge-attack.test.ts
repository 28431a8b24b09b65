// Issue 29 point 5, reproduced: strangers' sign-ups from many addresses drain the confirmation
// budget and queue mails to third parties. With the challenge, a network that sends too many
// is asked to solve one, as is everyone once half the budget is gone; a visitor whose browser
// solved it is accepted and mailed ahead of the strangers' backlog; a solution counts once.
import { afterEach, describe, expect, it } from "vitest";
import { fetchAndSolve } from "#common/challenge-solver.ts";
import { testApp } from "../../tests/support/app.ts";
import type { ClaimedMail } from "../outbox/outbox-store.ts";
import { challengeRequiredErrors } from "./pages.ts";

type TestApp = Awaited<ReturnType<typeof testApp>>;
let current: TestApp | undefined;
afterEach(async () => {
  await current?.app.close();
  current?.db.close();
  current = undefined;
});

// No mail leaves (nothing listens on the discard port): the outbox keeps every one queued.
const start = async (env: Record<string, string> = {}) =>
  (current = await testApp({
    SMTP_URL: "smtp://127.0.0.1:9",
    CHALLENGE_MAX_NUMBER: "2000",
    SIGNUPS_PER_NETWORK_PER_HOUR: "10",
    ...env,
  }));

/** A form posted from the site's page by a browser without JavaScript, from one network. */
const postForm = (t: TestApp, url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url,
    remoteAddress: "203.0.113.5",
    payload: new URLSearchParams(fields).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      origin: "https://www.tallyway.example",
    },
  });

const query = (email: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({ list: "tallyway.example", what: "subscribe", email, ...extra }).toString();

function signUp({ app }: TestApp, email: string, remoteAddress: string, extra: Record<string, string> = {}) {
  return app.inject({ url: `/mailingList?${query(email, extra)}`, remoteAddress });
}

/** The browser's own solver, fetching through the app instead of the network. */
const solveThrough = ({ app }: TestApp) =>
  fetchAndSolve("/mailingList/challenge", (async (url: string) => {
    const answer = await app.inject({ url, remoteAddress: "198.51.100.20" });
    return new Response(answer.body, { status: answer.statusCode, headers: { "content-type": "application/json" } });
  }) as typeof fetch);

const count = (db: TestApp["db"], sql: string) => (db.prepare(sql).get() as { n: number }).n;

describe("sign-ups under attack", () => {
  it("asks a /24 network that sent more than 10 sign-ups this hour to solve a challenge, and nobody else", async () => {
    const t = await start();
    const statuses: number[] = [];
    // 31 addresses of one /24, 10 sign-ups each, to third parties' inboxes.
    for (let host = 1; host <= 31; host++)
      for (let i = 0; i < 10; i++)
        statuses.push((await signUp(t, `victim${host}-${i}@example${i}.org`, `203.0.113.${host}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    const refused = await signUp(t, "late@example.org", "203.0.113.99");
    expect(refused.json()).toEqual({ error: challengeRequiredErrors.newsletter, challenge: "/mailingList/challenge" });
    expect(refused.headers["retry-after"]).toBeUndefined();
    expect(count(t.db, "SELECT count(*) AS n FROM subscribers")).toBe(10);
    expect(count(t.db, "SELECT count(*) AS n FROM outbox")).toBe(10);
    // Another network, and an IPv6 /56 next to one that is busy, are not asked.
    expect((await signUp(t, "neighbour@example.net", "198.51.100.7")).statusCode).toBe(200);
    for (let i = 0; i < 11; i++) await signUp(t, `v6-${i}@example.net`, `2001:db8:0:1${i.toString(16)}::1`);
    expect((await signUp(t, "same56@example.net", "2001:db8:0:ff::1")).statusCode).toBe(429);
    expect((await signUp(t, "other56@example.net", "2001:db8:0:100::1")).statusCode).toBe(200);
  }, 60_000);

  it("challenges everyone once half the hourly budget is spent; a solved sign-up is mailed ahead of the backlog", async () => {
    const t = await start({ CONFIRMATION_MAILS_PER_HOUR: "300" });
    const statuses: number[] = [];
    // 31 source addresses in 31 networks × 10 sign-ups in a few seconds: no network is over its count.
    await Promise.all(
      Array.from({ length: 31 }, async (_, net) => {
        for (let i = 0; i < 10; i++)
          statuses.push((await signUp(t, `victim${net}-${i}@example${net}.org`, `10.0.${net}.1`)).statusCode);
      }),
    );
    // 150 is half the budget; sign-ups already in flight when it was reached may pass it by a few.
    const taken = statuses.filter((status) => status === 200).length;
    expect(taken).toBeGreaterThanOrEqual(150);
    expect(taken).toBeLessThan(170);
    expect(statuses.filter((status) => status === 429)).toHaveLength(310 - taken);
    expect(count(t.db, "SELECT count(*) AS n FROM outbox WHERE delivered_at IS NULL")).toBe(taken);

    // A visitor: challenged, their browser solves it, the sign-up goes through with it.
    const visitor = "ada@example.com";
    expect((await signUp(t, visitor, "192.0.2.10")).statusCode).toBe(429);
    const solution = await solveThrough(t);
    const accepted = await signUp(t, visitor, "192.0.2.10", { challenge: solution });
    expect(accepted.statusCode).toBe(200);
    // The same solution again is refused: one use, whoever sends it.
    expect((await signUp(t, "eve@example.com", "192.0.2.11", { challenge: solution })).statusCode).toBe(429);

    // The next mail any worker claims is the visitor's, ahead of the 150 queued before it.
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const [next] = (await t.app.stores.outbox.claimDue("test", later, 60_000, 1)) as ClaimedMail[];
    expect(next).toMatchObject({ to: visitor, priority: "proven" });
  }, 60_000);

  it("keeps each recipient domain within its hourly budget, solved or not", async () => {
    const t = await start({ CONFIRMATION_MAILS_PER_DOMAIN_PER_HOUR: "2", CHALLENGE_FROM_BUDGET_PERCENT: "100" });
    for (const name of ["a", "b"])
      expect((await signUp(t, `${name}@busy.example`, `10.1.0.${name === "a" ? 1 : 2}`)).statusCode).toBe(200);
    // The domain's budget is spent: its next sign-up must solve, and then waits for the budget like any other.
    expect((await signUp(t, "c@busy.example", "10.1.0.3")).statusCode).toBe(429);
    const accepted = await signUp(t, "c@busy.example", "10.1.0.3", { challenge: await solveThrough(t) });
    expect(accepted.statusCode).toBe(200);
    expect(count(t.db, "SELECT count(*) AS n FROM outbox")).toBe(2);
    expect(count(t.db, "SELECT count(*) AS n FROM subscribers WHERE confirm_waiting_since IS NOT NULL")).toBe(1);
  }, 60_000);
});

describe("a sign-up posted without JavaScript while the challenge is required", () => {
  it("gets a page that says why nothing was sent and what to do, with the form and its values kept", async () => {
    const t = await start({ SIGNUPS_PER_NETWORK_PER_HOUR: "1" });
    const post = (email: string) =>
      postForm(t, "/mailingList", {
        list: "tallyway.example",
        what: "subscribe",
        email,
        first_name: "Bo",
        last_name: "Ng",
      });
    expect((await post("first@example.com")).statusCode).toBe(303);
    const page = await post("bo@example.com");
    expect(page.statusCode).toBe(429);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("<h1>Your sign-up was not sent yet</h1>");
    expect(page.body).toContain("Many sign-ups are arriving right now");
    expect(page.body).toContain("That check needs JavaScript, which is off here, so your sign-up was not sent.");
    expect(page.body).toContain("Please turn on JavaScript for Tallyway and sign up again");
    expect(page.body).toContain('href="https://www.tallyway.example/#newsletter"');
    // The form again, for a later try without JavaScript: what the visitor typed is still there.
    expect(page.body).toContain('<form method="post" action="/mailingList">');
    expect(page.body).toMatch(/name="email"[^>]*value="bo@example.com"/);
    expect(page.body).toMatch(/name="first_name"[^>]*value="Bo"/);
    expect(page.body).not.toMatch(/<div class="alert" role="alert"><p><\/p>/);
    expect(count(t.db, "SELECT count(*) AS n FROM subscribers")).toBe(1);
  }, 30_000);
});

describe("questions under attack", () => {
  const ask = ({ app }: TestApp, n: number, remoteAddress: string, extra: Record<string, string> = {}) =>
    app.inject({
      url: `/contactUs?${new URLSearchParams({ name: `Bot ${n}`, email: `bot${n}@example.org`, details: `Spam ${n}`, ...extra })}`,
      remoteAddress,
    });

  it("asks a network that sent more than its questions this hour to solve a challenge; a solved one is stored", async () => {
    const t = await start({ QUESTIONS_PER_NETWORK_PER_HOUR: "3" });
    const statuses: number[] = [];
    for (let n = 0; n < 8; n++) statuses.push((await ask(t, n, `203.0.113.${n + 1}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const refused = await ask(t, 99, "203.0.113.99");
    expect(refused.json()).toEqual({ error: challengeRequiredErrors.contact, challenge: "/mailingList/challenge" });
    expect(count(t.db, "SELECT count(*) AS n FROM leads")).toBe(3);
    // Another network is not asked; the busy one's visitor gets through with a solved challenge, once.
    expect((await ask(t, 100, "198.51.100.7")).statusCode).toBe(200);
    const solution = await solveThrough(t);
    expect((await ask(t, 101, "203.0.113.50", { challenge: solution })).statusCode).toBe(200);
    expect((await ask(t, 102, "203.0.113.51", { challenge: solution })).statusCode).toBe(429);
    expect(count(t.db, "SELECT count(*) AS n FROM leads")).toBe(5);
    // Sign-ups keep their own count: the network's questions do not challenge its sign-ups.
    expect((await signUp(t, "reader@example.com", "203.0.113.60")).statusCode).toBe(200);
  }, 60_000);

  it("without JavaScript, gets a page that says why the question was not sent, with its text kept", async () => {
    const t = await start({ QUESTIONS_PER_NETWORK_PER_HOUR: "1" });
    const post = (email: string) => postForm(t, "/contactUs", { name: "Bo Ng", email, details: "Do you bill in CHF?" });
    expect((await post("first@example.com")).statusCode).toBe(303);
    const page = await post("bo@example.com");
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain("<h1>Your question was not sent yet</h1>");
    expect(page.body).toContain("Many questions came from your network this hour");
    expect(page.body).toContain("Please turn on JavaScript for Tallyway and send your question again");
    expect(page.body).toContain('<form method="post" action="/contactUs">');
    expect(page.body).toContain("Do you bill in CHF?");
    expect(count(t.db, "SELECT count(*) AS n FROM leads")).toBe(1);
  }, 30_000);
});
