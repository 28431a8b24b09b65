// The console (/admin) in Chromium against the real server: accounts made with the real CLI
// (npm run users) on the server's database, a lead sent through /contactUs, the inbox, its
// notification's delivery state, its pipeline (status, owner, notes, history, the keyboard), the
// CSV download parsed with csv-parse, a viewer who
// sees usage and nothing personal, sign-out, a data request, and axe on every console page.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, test } from "./fixtures.ts";
import { e2eDataDir } from "./stored.ts";
import { serverDatabase } from "../support/server-database.ts";

// The e2e server's DATA_DIR (playwright.config.ts).
const dataDir = e2eDataDir();
const run = Date.now().toString(36);
const password = "plum-kettle-orbit-47";
const owner = `owner-${run}@example.com`;
const viewer = `viewer-${run}@example.com`;
const visitor = {
  name: "Vera Quill",
  email: `vera.quill.${run}@example.com`,
  subject: `=HYPERLINK("http://x.example","${run}")`,
  // A long unbroken URL: the lead's detail must break it at a phone's width rather than overflow.
  details: `Pricing for 40 seats, ref ${run}, see https://intranet.northwind-logistics.example/tools/timesheets/legacy-export?team=emea`,
};
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const addAccount = (email: string, role: string) =>
  execFileSync("npm", ["run", "-s", "users", "--", "add", email, "--role", role, "--data-dir", dataDir], {
    input: `${password}\n`,
    encoding: "utf8",
  });

test.beforeAll(() => {
  expect(addAccount(owner, "owner")).toContain(`Added ${owner} (owner)`);
  expect(addAccount(viewer, "viewer")).toContain(`Added ${viewer} (viewer)`);
});

async function signIn(page: Page, email: string) {
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test.describe.configure({ mode: "serial" });

test("the sign-in page checks for a session without a browser console error; the data APIs stay 401", async ({
  page,
  consoleErrors,
}) => {
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname === "/admin/api/session");
  await page.goto("/admin/usage", { waitUntil: "domcontentloaded" });
  expect(await (await checked).json()).toEqual({ signedIn: false });
  await expect(page.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
  // The same collector does see a 401 the page's own fetch gets, so the empty list above means something.
  expect(await page.evaluate(() => fetch("/admin/api/usage").then((response) => response.status))).toBe(401);
  await expect.poll(() => consoleErrors).toEqual([expect.stringContaining("401")]);
});

test("an owner made with the CLI signs in, finds a new lead with its notification's delivery, moves it through the pipeline and downloads the CSV", async ({
  page,
  baseURL,
}) => {
  const sent = await page.request.get(
    `/contactUs?${new URLSearchParams({ domain: "www.tallyway.example", type: "Lead", ...visitor })}`,
    {
      headers: { origin: baseURL! },
    },
  );
  expect(sent.status()).toBe(200);

  await page.goto("/admin/leads", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
  await page.getByLabel("Email").fill(owner);
  await page.getByLabel("Password").fill("not-the-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();

  await page.getByLabel("Search").fill(run);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("1 lead matches the filter")).toBeVisible();
  await page.getByRole("link", { name: new RegExp(visitor.name) }).click();
  const detail = page.getByRole("article");
  await expect(detail.getByRole("heading", { name: visitor.subject })).toBeVisible();
  await expect(detail.getByRole("paragraph").filter({ hasText: visitor.details })).toBeVisible();
  // Sent straight to /contactUs, with no measured visit: the detail says so in words.
  await expect(detail.getByRole("region", { name: "Where they came from" })).toContainText("None measured");
  await expect(detail.getByRole("definition").filter({ hasText: visitor.email })).toBeVisible();

  // At a phone's width each stored field's label stands above its value, which takes the full width,
  // and the long URL in the message breaks instead of widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const field = detail.getByRole("term").filter({ hasText: /^details$/ });
  const value = detail.getByRole("definition").filter({ hasText: visitor.details });
  const [term, definition, list] = [
    (await field.boundingBox())!,
    (await value.boundingBox())!,
    (await detail.locator("dl").last().boundingBox())!,
  ];
  expect(definition.y).toBeGreaterThanOrEqual(term.y + term.height);
  expect(Math.abs(definition.x - term.x)).toBeLessThan(1);
  expect(definition.width).toBeGreaterThan(list.width - 30);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  // Without SMTP_URL the e2e server's outbox writes .eml files: the notification is sent at once.
  await expect(async () => {
    await page.reload({ waitUntil: "domcontentloaded" });
    await expect(
      page.getByRole("region", { name: "Notification to sales" }).getByText("Sent", { exact: true }),
    ).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Notification to sales" }).getByRole("definition").nth(2)).toHaveText(
    "1",
  );
  await expect(page.getByRole("region", { name: "Notification to sales" }).getByRole("term").nth(2)).toHaveText(
    "Attempts",
  );

  // The pipeline: a status, an owner and a note, each saved and shown in the lead's history with who and when.
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("No changes yet");
  await page.getByLabel("Pipeline status").selectOption("contacted");
  await expect(history.getByText("Status: New → Contacted")).toBeVisible();
  // Every account that may own a lead, and the picker says which those are.
  await expect(page.getByLabel("Owner", { exact: true })).toHaveAccessibleDescription(
    "Any owner account: only owners can see leads.",
  );
  await page.getByLabel("Owner", { exact: true }).selectOption(owner);
  await expect(history.getByText(`Owner: ${owner}`)).toBeVisible();
  await page.getByLabel("Note", { exact: true }).fill(`Called ${visitor.name}: demo on Friday.`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(history.getByText(`Called ${visitor.name}: demo on Friday.`)).toBeVisible();
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").first()).toContainText(owner);
  await expect(page.getByLabel("Note", { exact: true })).toHaveValue("");
  // The history survives a reload, and the list filters by status.
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await page.getByLabel("Status", { exact: true }).selectOption("new");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No lead matches this filter.")).toBeVisible();
  await expect(page).toHaveURL(/status=new/);
  await page.getByLabel("Status", { exact: true }).selectOption("contacted");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("1 lead matches the filter")).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(visitor.name) }).getByText("Contacted")).toBeVisible();
  const audit = (await (await page.request.get("/admin/api/audit")).json()) as { entries: { action: string }[] };
  expect(audit.entries.filter((entry) => entry.action === "lead-changed").length).toBeGreaterThanOrEqual(3);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  // Named by the filter's range of days (no start: until today), its status and, without its words, the search
  // for this run; UTF-8 with a byte order mark for Excel.
  expect(download.suggestedFilename()).toMatch(/^leads-until-\d{4}-\d\d-\d\d-status-contacted-search\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes.toString("utf8"), { bom: true, columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(1);
  expect(Object.keys(rows[0])).toEqual([
    "First Name",
    "Last Name",
    "Full Name",
    "Company",
    "Email",
    "Phone",
    "Subject",
    "Question",
    "Status",
    "Owner",
    "Created",
    "Last Changed",
    "Source",
    "Medium",
    "Campaign",
    "Landing Path",
  ]);
  expect(rows[0]).toMatchObject({
    "First Name": "Vera",
    "Last Name": "Quill",
    "Full Name": visitor.name,
    Email: visitor.email,
    Question: visitor.details,
    Subject: `'${visitor.subject}`,
    Status: "Contacted",
    Owner: owner,
  });
  expect(rows[0]["Last Changed"] >= rows[0].Created).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
  expect((await page.request.get("/admin/api/leads")).status()).toBe(401);
  await page.goto("/admin/leads", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the inbox answers the keyboard: j and k move between leads, e goes to the status, ? lists the keys", async ({
  page,
  baseURL,
}) => {
  const tag = `keys${run}`;
  for (const name of ["Kay Older", "Kay Newer"]) {
    const sent = await page.request.get(
      `/contactUs?${new URLSearchParams({ domain: "www.tallyway.example", type: "Lead", name, email: `${name.replace(" ", ".").toLowerCase()}.${run}@example.com`, subject: "Keys", details: `About ${tag}` })}`,
      { headers: { origin: baseURL! } },
    );
    expect(sent.status()).toBe(200);
  }
  await signIn(page, owner);
  await page.goto(`/admin/leads?q=${tag}`, { waitUntil: "domcontentloaded" });
  await expect(page.getByText("2 leads match the filter")).toBeVisible();
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("j");
  await expect(page.getByRole("article")).toContainText("Kay Newer");
  await expect(page).toHaveURL(/[?&]id=\d+/);
  await page.keyboard.press("j");
  await expect(page.getByRole("article")).toContainText("Kay Older");
  await page.keyboard.press("k");
  await expect(page.getByRole("article")).toContainText("Kay Newer");
  await page.keyboard.press("e");
  await expect(page.getByLabel("Pipeline status")).toBeFocused();
  // Typed into a field, the keys are text, not shortcuts.
  await page.getByLabel("Note", { exact: true }).fill("");
  await page.getByLabel("Note", { exact: true }).press("j");
  await expect(page.getByRole("article")).toContainText("Kay Newer");
  await page.getByLabel("Note", { exact: true }).fill("");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("term")).toHaveText(["j", "k", "e", "?"]);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a change refused because the session ended says so, and is offered again after signing in, not replayed by itself", async ({
  page,
  baseURL,
}) => {
  const email = `ann.ended.${run}@example.com`;
  const sent = await page.request.get(
    `/contactUs?${new URLSearchParams({ domain: "www.tallyway.example", type: "Lead", name: "Ann Ended", email, subject: "Ended", details: "Session" })}`,
    { headers: { origin: baseURL! } },
  );
  expect(sent.status()).toBe(200);
  await signIn(page, owner);
  await page.goto(`/admin/leads?q=${encodeURIComponent(email)}`, { waitUntil: "domcontentloaded" });
  await page.getByRole("link", { name: /Ann Ended/ }).click();
  await expect(page.getByLabel("Pipeline status")).toHaveValue("new");
  const url = page.url();

  // "Sign out everywhere" from another tab ends this session on the server.
  const other = await page.context().newPage();
  expect((await other.request.post("/admin/api/session/everywhere", { headers: { origin: baseURL! } })).status()).toBe(
    200,
  );
  await other.close();

  await page.getByLabel("Pipeline status").selectOption("contacted");
  await expect(page.getByRole("status").filter({ hasText: "Your session ended — sign in again" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").fill(owner);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();

  // Back where it was, the change offered in words and not made yet.
  expect(page.url()).toBe(url);
  const offer = page.getByRole("region", { name: /^Mark as Contacted for Ann Ended\?/ });
  await expect(offer).toBeVisible();
  await expect(page.getByLabel("Pipeline status")).toHaveValue("new");
  await expect(page.getByRole("region", { name: "History" })).toContainText("No changes yet");
  await expectNoAxeViolations(page);
  await offer.getByRole("button", { name: "Do it" }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByLabel("Pipeline status")).toHaveValue("contacted");
  await expect(page.getByRole("region", { name: "History" }).getByText("Status: New → Contacted")).toBeVisible();
});

test("a pending subscriber's confirmation is resent once within the mail limits, then unsubscribed by hand; the filter stays in the URL", async ({
  page,
  baseURL,
}) => {
  const email = `sub.resend.${run}@example.com`;
  const signUp = await page.request.get(
    `/mailingList?${new URLSearchParams({ list: "tallyway.example", what: "subscribe", email, first_name: "Sue" })}`,
    { headers: { origin: baseURL! } },
  );
  expect(signUp.status()).toBe(200);
  const db = serverDatabase(dataDir);
  const confirmations = () =>
    (db.prepare("SELECT count(*) AS n FROM outbox WHERE json_extract(mail, '$.to') = ?").get(email) as { n: number }).n;
  try {
    await expect.poll(confirmations).toBe(1);
    // A day passes: the sign-up's confirmation is older than the one-a-day limit of an inbox.
    db.prepare("UPDATE subscribers SET confirm_sent_at = ? WHERE email = ?").run(
      new Date(Date.now() - 25 * 3_600_000).toISOString(),
      email,
    );
    await signIn(page, owner);
    await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}&status=pending`, {
      waitUntil: "domcontentloaded",
    });
    await expect(page.getByLabel("Search")).toHaveValue(email);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("Pending")).toBeVisible();
    await row.getByRole("button", { name: `Resend confirmation to ${email}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Confirmation sent again to ${email}.`);
    expect(confirmations()).toBe(2);
    // Once: the limit of the sign-up holds for the console too.
    await row.getByRole("button", { name: `Resend confirmation to ${email}` }).click();
    await expect(page.getByRole("alert")).toContainText("less than 24 hours ago");
    expect(confirmations()).toBe(2);
    // A row's actions fit a phone: under the address, nothing wider than the page.
    for (const width of [320, 390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      expect([width, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([width, width]);
    }

    await row.getByRole("button", { name: `Unsubscribe… ${email}` }).click();
    await row.getByRole("button", { name: `Confirm unsubscribe ${email}` }).click();
    await expect(page.getByRole("status")).toHaveText(`${email} is unsubscribed.`);
    // The list follows its filter (pending), which the reload keeps: the unsubscribed address has left it.
    await page.reload({ waitUntil: "domcontentloaded" });
    await expect(page.getByText("No subscriber matches this filter.")).toBeVisible();
    await page.getByLabel("Status").selectOption("unsubscribed");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=unsubscribed/);
    await expect(page.getByRole("row").filter({ hasText: email }).getByText("Unsubscribed")).toBeVisible();
    // When and how it left.
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText(
      /Left \d{1,2} \w{3} \d{4} by hand in the console/,
    );
  } finally {
    db.close();
  }
});

// One test per page: twelve axe runs in one test outgrew its time limit on a busy machine.
for (const [section, heading] of [
  ["subscribers", "Subscribers"],
  ["usage", "Usage"],
  ["campaigns", "Campaigns"],
  ["requests", "Data requests"],
  ["audit", "Audit log"],
]) {
  test(`${heading} passes axe and fits the width (charts and tables scroll inside) at 320, 390 and 1440 px`, async ({
    page,
  }) => {
    await signIn(page, owner);
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: heading }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${section}$`));
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    if (section === "usage")
      await expect(page.getByText(/(against|as|none in) (yesterday|the [\d,]+ days before)/).first()).toBeVisible();
    if (section === "audit") await expect(page.getByRole("cell", { name: owner }).first()).toBeVisible();
    for (const width of [320, 390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      expect([section, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([section, width]);
    }
  });
}

test("at 390 and 320 px every section is in view and the current one marked; the keyboard focus shows", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, owner);
  const nav = page.getByRole("navigation", { name: "Console" });
  const links = nav.getByRole("link");
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 700 });
    await expect(links).toHaveText([
      "Leads",
      "Subscribers",
      "Usage",
      "Content",
      "Posts",
      "Images",
      "Campaigns",
      "Data requests",
      "Audit log",
    ]);
    for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
    const rows = new Set(
      await links.evaluateAll((all) => all.map((link) => Math.round(link.getBoundingClientRect().top))),
    );
    // Nine sections for an owner since Posts: three rows of three on a phone.
    expect([width, rows.size]).toEqual([width, 3]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  }
  await expect(nav.getByRole("link", { name: "Leads" })).toHaveAttribute("aria-current", "page");

  // Tab to "Data requests": it shows the site's focus ring, and Enter opens it, marked as the current page.
  const target = nav.getByRole("link", { name: "Data requests" });
  for (let i = 0; i < 12 && !(await target.evaluate((link) => link === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  expect(
    await target.evaluate((link) => [
      link.matches(":focus-visible"),
      getComputedStyle(link).outlineStyle,
      getComputedStyle(link).outlineWidth,
    ]),
  ).toEqual([true, "solid", "3px"]);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Data requests", level: 1 })).toBeVisible();
  await expect(target).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Leads" })).not.toHaveAttribute("aria-current");
});

test("every console URL is a route: unknown paths go to the first section, filters survive back and forward, a session that ends under a section's loader asks for a sign-in", async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await page.goto("/admin/no-such-section/deeper", { waitUntil: "domcontentloaded" });
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  // Within a section, a path that names no content key, post or campaign goes to the section's list.
  for (const [path, list, heading] of [
    ["/admin/content/no-such-key", /\/admin\/content$/, "Content"],
    ["/admin/posts/Not_A_Slug", /\/admin\/posts$/, "Posts"],
    ["/admin/campaigns/not-a-number", /\/admin\/campaigns$/, "Campaigns"],
  ] as const) {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await expect(page).toHaveURL(list);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  }
  // A deep link into an editor opens it with its text loaded; its list is one link away.
  await page.goto("/admin/content/about-home", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { name: "About · Page text", level: 1 })).toBeVisible();
  // Other specs change this key's words, so any text will do, as long as it is there.
  await expect(page.getByRole("region", { name: "Preview" }).locator(".prose")).toContainText(/\w{4}/);
  await page.getByRole("link", { name: "← All content" }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);

  // A deep link with a filter, then another section, then back and forward through the history.
  const filtered = `/admin/leads?${new URLSearchParams({ q: visitor.email })}`;
  await page.goto(filtered, { waitUntil: "domcontentloaded" });
  await expect(page.getByText("1 lead matches the filter")).toBeVisible();
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Subscribers" }).click();
  await expect(page.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === filtered);
  await expect(page.getByText("1 lead matches the filter")).toBeVisible();
  await expect(page.getByLabel("Search")).toHaveValue(visitor.email);
  await page.goForward();
  await expect(page.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();

  // The session ends; the next section's loader is refused, and the frame asks for a sign-in, then shows that section.
  await page.context().clearCookies();
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
  await expect(page.getByText("Your session ended — sign in again")).toBeVisible();
  await page.getByLabel("Email").fill(owner);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  // The one refused request is the only error the browser logged.
  expect(consoleErrors).toEqual([expect.stringContaining("401")]);
});

test("a viewer sees the usage figures and no personal data", async ({ page }) => {
  await signIn(page, viewer);
  await expect(page).toHaveURL(/\/admin\/usage$/);
  await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
  await expect(page.getByText(/(against|as|none in) (yesterday|the [\d,]+ days before)/).first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link")).toHaveText(["Usage"]);
  const text = await page.locator("body").innerText();
  for (const secret of [visitor.email, visitor.name, visitor.details, owner]) expect(text).not.toContain(secret);
  for (const url of ["/admin/api/leads", "/admin/api/leads.csv", "/admin/api/subscribers", "/admin/api/audit"]) {
    const answer = await page.request.get(url);
    expect([url, answer.status()]).toEqual([url, 403]);
    expect(await answer.text()).not.toContain(visitor.email);
  }
  await page.goto("/admin/leads", { waitUntil: "domcontentloaded" });
  await expect(page).toHaveURL(/\/admin\/usage$/);
});

test("a data request lists what is stored about an address, downloads it as JSON and erases it after confirmation", async ({
  page,
}) => {
  await signIn(page, owner);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Data requests" }).click();
  await page.getByLabel("E-mail address").fill(visitor.email.toUpperCase());
  await page.getByRole("button", { name: "Find stored data" }).click();
  await expect(page.getByText("stored records found.")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download JSON" }).click();
  const file = JSON.parse(readFileSync((await (await downloading).path())!, "utf8"));
  expect(file.email).toBe(visitor.email);
  expect(file.leads.map((l: { details: string }) => l.details)).toEqual([visitor.details]);
  expect(file.mails.length).toBeGreaterThanOrEqual(1);

  await page.getByRole("button", { name: "Erase…" }).click();
  await page.getByLabel("Type the address to confirm").fill("someone.else@example.com");
  await page.getByRole("button", { name: "Erase for good" }).click();
  await expect(page.getByRole("alert")).toContainText("Type the e-mail address again");
  await page.getByLabel("Type the address to confirm").fill(visitor.email);
  await page.getByRole("button", { name: "Erase for good" }).click();
  await expect(page.getByRole("status")).toContainText(`Erased for ${visitor.email}: 1 lead`);
  await expect(page.getByText("Nothing is stored about this address.")).toBeVisible();

  // The audit log names the erased person only by a keyed hash, the same for the look-up, the download and the erase.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }).click();
  const about = page.getByRole("cell", { name: /hmac:[\w-]{22}/ });
  // Newest first: this erase heads the erase entries (a repeated run of the spec leaves its own below).
  const erased = about.filter({ hasText: /^hmac:[\w-]{22}: \{"leads":1,/ }).first();
  const hash = /hmac:[\w-]{22}/.exec((await erased.textContent())!)![0];
  const sameHash = (await about.allTextContents()).filter((text) => text.includes(hash));
  expect(sameHash.length).toBeGreaterThanOrEqual(3);
  expect(await page.locator("main").textContent()).not.toContain(visitor.email);
});
