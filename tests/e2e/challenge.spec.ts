// The proof-of-work challenge in Chromium (issue 29 point 5), on a server of its own whose
// confirmation budget strangers have pressed: a visitor's sign-up is challenged, the form
// shows it is checking the browser, solves the challenge and the sign-up goes through, its
// confirmation queued ahead of the strangers'.
import { startServer, type RunningServer } from "../support/server.ts";
import { expect, test as base } from "./fixtures.ts";
import { serverDatabase } from "../support/server-database.ts";

const test = base.extend<{ site: RunningServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies by destructuring
  site: async ({}, use) => {
    // No mail leaves (nothing listens on the discard port): the outbox keeps every one queued.
    // A budget of 4 an hour: 2 strangers' confirmations are half of it.
    const server = await startServer({
      SMTP_URL: "smtp://127.0.0.1:9",
      CONFIRMATION_MAILS_PER_HOUR: "4",
      // One question an hour from a network before its next must be checked.
      QUESTIONS_PER_NETWORK_PER_HOUR: "1",
      CHALLENGE_MAX_NUMBER: "30000",
    });
    await use(server);
    await server.stop();
  },
  baseURL: async ({ site }, use) => use(site.url),
});

const subscribe = (email: string) =>
  `/mailingList?${new URLSearchParams({ list: "tallyway.example", what: "subscribe", email })}`;

test("a visitor's sign-up under pressure is checked in the browser, then accepted and mailed first", async ({
  page,
  site,
  request,
  consoleErrors,
}) => {
  // Strangers' sign-ups spend half the hour's budget; the next one without a solution is challenged.
  for (const email of ["stranger1@example.org", "stranger2@example.net"])
    expect((await request.get(subscribe(email))).status()).toBe(200);
  const challenged = await request.get(subscribe("stranger3@example.com"));
  expect(challenged.status()).toBe(429);
  expect(await challenged.json()).toMatchObject({ challenge: "/mailingList/challenge" });

  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Newsletter sign-up" });
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute("novalidate");
  await form.getByLabel("Email").fill("visitor@example.com");
  const solverLoaded = page.waitForRequest((r) => /challenge-solver/.test(r.url()));
  const solved = page.waitForRequest(
    (r) => r.url().includes("/mailingList?") && new URL(r.url()).searchParams.has("challenge"),
  );
  await form.getByRole("button", { name: "Subscribe" }).click();

  await expect(form.getByText("Checking your browser…")).toBeVisible();
  await expect(form.getByRole("button", { name: "Subscribe" })).toBeDisabled();
  await form.screenshot({ path: "test-results/challenge-checking.png" });
  // The solver's code came only now, with the challenge.
  await solverLoaded;
  await solved;
  await expect(form.getByText("Thank you! Please check your inbox and confirm your subscription.")).toBeVisible({
    timeout: 30_000,
  });
  // Chromium logs the challenged first call (a 429) as a failed load; nothing else may be logged.
  expect(
    consoleErrors.filter((text) => !/^Failed to load resource: the server responded with a status of 429/.test(text)),
  ).toEqual([]);

  const db = serverDatabase(site.dataDir, { readOnly: true });
  try {
    const rows = db
      .prepare(
        "SELECT json_extract(mail, '$.to') AS recipient, priority FROM outbox WHERE delivered_at IS NULL ORDER BY priority, id",
      )
      .all();
    expect(rows[0]).toEqual({ recipient: "visitor@example.com", priority: 1 });
    expect(rows.map((row) => row.recipient)).toEqual([
      "visitor@example.com",
      "stranger1@example.org",
      "stranger2@example.net",
    ]);
  } finally {
    db.close();
  }
});

test("a question from a network that sent too many is checked in the browser, then stored", async ({
  page,
  site,
  request,
  consoleErrors,
}) => {
  const ask = (email: string) =>
    `/contactUs?${new URLSearchParams({ name: "Stranger", email, details: "Buy followers?" })}`;
  expect((await request.get(ask("stranger1@example.org"))).status()).toBe(200);
  expect((await request.get(ask("stranger2@example.org"))).status()).toBe(429);

  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill("Ann Lee");
  await form.getByLabel("Email").fill("ann@example.com");
  await form.getByLabel("How can we help?").fill("How much for 20 users?");
  const solved = page.waitForRequest(
    (r) => r.url().includes("/contactUs?") && new URL(r.url()).searchParams.has("challenge"),
  );
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Checking your browser…")).toBeVisible();
  await solved;
  await expect(
    page.getByRole("region", { name: "Notifications" }).getByText("Thank you - we have your question"),
  ).toBeVisible({ timeout: 30_000 });
  expect(
    consoleErrors.filter((text) => !/^Failed to load resource: the server responded with a status of 429/.test(text)),
  ).toEqual([]);

  const db = serverDatabase(site.dataDir, { readOnly: true });
  try {
    const emails = db
      .prepare("SELECT email FROM leads ORDER BY id")
      .all()
      .map((row) => row.email);
    expect(emails).toEqual(["stranger1@example.org", "ann@example.com"]);
  } finally {
    db.close();
  }
});
