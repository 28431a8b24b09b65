/**
 * The test fixture every e2e spec uses: a page whose requests to anything but our own
 * server are blocked (the video host, scheduler, slides and analytics hosts are out of
 * reach in tests, as they may be for a visitor), and whose console errors are collected
 * so a test can assert there were none.
 *
 * The app hydrates only after the first paint (scripts/build-steps/paint-first.ts), so `page.goto` here
 * also waits until a page of the app has hydrated: tests act on the running app, as a
 * visitor does a moment after the page appears (unless the test asks for an earlier point).
 */
import { test as base, expect, type ConsoleMessage } from "@playwright/test";

export const ownOrigin = (baseURL: string | undefined) =>
  new URL(baseURL ?? `http://127.0.0.1:${process.env.E2E_PORT}`).origin;

export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // A test that asks for an early point of the load ("commit", "domcontentloaded") gets it.
      const early = options?.waitUntil === "commit" || options?.waitUntil === "domcontentloaded";
      const isApp = !early && (await page.evaluate(() => "__reactRouterContext" in window).catch(() => false));
      if (isApp) await hydrated(page);
      return response;
    };
    await use(page);
  },
  context: async ({ context, baseURL }, use) => {
    const origin = ownOrigin(baseURL);
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort("blockedbyclient"),
    );
    await use(context);
  },
  consoleErrors: async ({ page, baseURL }, use) => {
    const origin = ownOrigin(baseURL);
    const errors: string[] = [];
    const isBlockedExternal = (message: ConsoleMessage) => {
      const url = message.location().url;
      return message.text().startsWith("Failed to load resource") && !!url && !url.startsWith(origin);
    };
    page.on("console", (message) => {
      if (message.type() === "error" && !isBlockedExternal(message)) errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/** Waits until React has hydrated the page: the footer's date is rendered only then. */
export async function hydrated(page: import("@playwright/test").Page) {
  // Generous: with two workers on two cores a page can take several seconds to start.
  await expect(page.getByRole("contentinfo").locator("time")).toBeVisible({ timeout: 20_000 });
}

/**
 * How long the console's "published" may take: the answer waits until this server serves the new
 * pages, and the first post renders every page again (each footer then links the blog).
 */
export const publishTimeout = 60_000;

/** Holds the scripts matching `url` back until the returned function is called (a slow network for that code). */
export async function holdScript(page: import("@playwright/test").Page, url: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds the app's entry script back until the returned function is called: the page as it is before the app starts. */
export const holdAppStart = (page: import("@playwright/test").Page) => holdScript(page, "**/assets/entry.client-*.js");

/**
 * Gives `input` a file and waits for the server's answer to its upload. Resizing into every
 * variant is CPU work that takes seconds on a busy machine, so the wait is for the answer itself
 * (bounded by the test's timeout), not for an expect's few seconds.
 */
export async function uploadThrough(
  input: import("@playwright/test").Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const answered = input
    .page()
    .waitForResponse(
      (response) => response.request().method() === "POST" && /\/admin\/api\/uploads\?/.test(response.url()),
      {
        timeout: 0,
      },
    );
  await input.setInputFiles(file);
  await answered;
}

/**
 * The console's text editors open in rich text; specs that type markdown switch to the markdown view
 * first (remembered in the browser, so once per context is enough, and a second call does nothing).
 */
export async function markdownView(page: import("@playwright/test").Page) {
  const markdown = page.getByRole("group", { name: "Edit as" }).first().getByRole("button", { name: "Markdown" });
  if ((await markdown.getAttribute("aria-pressed")) !== "true") await markdown.click();
  await expect(markdown).toHaveAttribute("aria-pressed", "true");
}

/** Signs `email` in on the console's sign-in page and waits for the console's navigation. */
export async function signIn(page: import("@playwright/test").Page, email: string, password: string) {
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
}
