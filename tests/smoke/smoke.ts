/**
 * The smoke suite every extra engine runs against the real server (`node server/main.ts` on the
 * production build): every route loads and hydrates with no page error, and the controls a
 * visitor uses first work — the menu, the header's Pricing and Schedule Demo, a collapsible, the
 * carousel, a feature tab's client-side navigation and the contact form, whose lead the server
 * stores — and the console's content editor, in its markdown view and in rich text, keeps what is
 * typed and asks before it is left while the newest words are not kept.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, expect, test } from "vitest";
import { sitePaths } from "../../scripts/site-paths.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { until, type SmokePage } from "./browser.ts";

const hydrated = "!!document.querySelector('footer time')";

export function smokeSuite(open: (baseUrl: string) => Promise<SmokePage>) {
  let server: RunningServer;
  let page: SmokePage;
  beforeAll(async () => {
    // The suite speaks plain http, so the site's address says http too: with an https SITE_URL the
    // console's session cookie is Secure, which WebKit does not send over http (Chromium and
    // Firefox do, to 127.0.0.1), and the console would ask to sign in after every full load.
    server = await startServer({ SITE_URL: "http://127.0.0.1" });
    page = await open(server.url);
  });
  afterAll(async () => {
    await page?.close();
    await server?.stop();
  });

  /** A full load that waits until the app has hydrated the page (the footer's date appears only then). */
  async function load(path: string) {
    await page.goto(path);
    await page.watchErrors();
    await until(`${path} to hydrate`, () => page.eval<boolean>(hydrated));
    // Measurement starts when the loaded page is idle: leaving earlier would cut its imports off.
    await page.settle();
  }

  test("every route loads and hydrates with no page error", async () => {
    await page.resize(1280, 900);
    for (const path of await sitePaths()) {
      await load(path);
      expect(await page.eval<number>("document.querySelectorAll('h1').length"), path).toBe(1);
      expect(await page.pageErrors(), path).toEqual([]);
    }
  });

  test("the menu opens on a phone-wide window", async () => {
    await page.resize(390, 844);
    await load("/products");
    await page.click("[aria-controls='mobile-menu']");
    await until("the menu to open", () =>
      page.eval<boolean>("document.getElementById('mobile-menu').checkVisibility()"),
    );
    expect(await page.eval<string>("document.querySelector('#mobile-menu a[href=\"/features\"]').textContent")).toBe(
      "Features",
    );
    expect(await page.pageErrors()).toEqual([]);
  });

  test("the header keeps Pricing and Schedule Demo on one row, phone-wide and at 1280 px, and Pricing leads to the prices", async () => {
    // The same measure as shell.spec.ts in Chromium: the header's visible controls, their boxes and the row's height.
    const row = `(() => {
      const header = document.querySelector("header");
      const controls = [...header.querySelectorAll("a, button")].filter((element) => element.checkVisibility());
      const boxes = controls.map((element) => element.getBoundingClientRect());
      return JSON.stringify({
        labels: controls.map((element) => element.textContent.trim()).map((label) => /^(Pricing|Schedule Demo)\\b/.exec(label)?.[0]).filter(Boolean),
        height: Math.round(header.getBoundingClientRect().height),
        right: Math.max(...boxes.map((box) => box.right)),
        width: innerWidth,
        overlaps: boxes.some((a, i) =>
          boxes.some((b, j) => i < j && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
        ),
      });
    })()`;
    for (const [width, height] of [
      [320, 640],
      [1280, 900],
    ]) {
      await page.resize(width, height);
      await load("/features/billing");
      const shown = JSON.parse(await page.eval<string>(row)) as Record<string, unknown>;
      expect(shown, `${width} px`).toEqual({
        labels: ["Pricing", "Schedule Demo"],
        // The 4rem row and its 1 px border below.
        height: 65,
        right: expect.any(Number),
        width: expect.any(Number),
        overlaps: false,
      });
      // WebKitGTK's window is at least 447 px wide however small it is asked to be: the page's own width counts.
      expect(shown.right as number, `${width} px`).toBeLessThanOrEqual(shown.width as number);
    }
    await page.click("header a[href='/products#pricing']");
    await until("the prices", () =>
      page.eval<boolean>(
        "location.hash === '#pricing' && document.getElementById('pricing')?.getBoundingClientRect().top < innerHeight",
      ),
    );
    expect(await page.pageErrors()).toEqual([]);
  });

  test("a collapsible section opens and turns its arrow", async () => {
    await page.resize(1280, 900);
    await load("/demo-timesheet");
    expect(await page.eval<boolean>("document.querySelector('main details').open")).toBe(false);
    await page.click("main details > summary");
    await until("the section to open", () => page.eval<boolean>("document.querySelector('main details').open"));
    expect(await page.eval<string>("document.querySelector('[data-arrow]').dataset.arrow")).toBe("up");
    expect(await page.pageErrors()).toEqual([]);
  });

  test("the carousel's next button shows the second slide", async () => {
    await load("/");
    const active = "document.querySelector('[aria-roledescription=slide][data-active]').getAttribute('aria-label')";
    expect(await page.eval<string>(active)).toMatch(/^1 of 4/);
    await page.click("[aria-label='Next slide']");
    await until("slide 2", async () => /^2 of 4/.test(await page.eval<string>(active)));
    expect(await page.pageErrors()).toEqual([]);
  });

  test("a feature tab navigates on the client", async () => {
    await load("/features/project");
    await page.eval("(window.__smokeSamePage = true)");
    await page.click("nav[aria-label='Features'] a[href='/features/resource']");
    await until("the resource page", () =>
      page.eval<boolean>("location.pathname === '/features/resource' && /resource/i.test(document.title)"),
    );
    // Still the same document: React Router rendered the page, the browser did not load it.
    expect(await page.eval<boolean>("window.__smokeSamePage === true")).toBe(true);
    expect(await page.pageErrors()).toEqual([]);
  });

  test("the contact form sends a lead the server stores", async () => {
    await load("/contact");
    const form = "form[aria-label='Contact form']";
    await page.type(`${form} input[autocomplete='name']`, "Smoke Test");
    await page.type(`${form} input[type='email']`, "smoke@example.com");
    await page.type(`${form} textarea`, "Does it work in this engine?");
    await page.click(`${form} button[type='submit']`);
    await until("the in-place confirmation", () =>
      page.eval<boolean>(
        `/smoke@example\\.com/.test(document.querySelector(${JSON.stringify(`${form} [data-sent]`)})?.textContent ?? '')`,
      ),
    );
    expect(storedLeads(server.dataDir)).toContain("smoke@example.com");
    expect(await page.pageErrors()).toEqual([]);
  });

  test("the contact form posts natively, as without JavaScript, and the server's result page answers", async () => {
    await load("/contact");
    const form = "form[aria-label='Contact form']";
    // The earlier test's address is remembered (requirements §7, local storage key email) and filled in: clear it first.
    await page.eval(`(document.querySelector(${JSON.stringify(`${form} input[type='email']`)}).value = "", true)`);
    await page.type(`${form} input[type='email']`, "smoke-post@example.com");
    await page.type(`${form} textarea`, "Posted by the engine itself");
    // The form's own submit() skips the app's handler: the engine encodes and posts the fields and
    // follows the server's 303, exactly as it does with JavaScript off.
    await page.eval(`(HTMLFormElement.prototype.submit.call(document.querySelector(${JSON.stringify(form)})), true)`);
    await until("the result page", () =>
      page.eval<boolean>(
        "location.pathname === '/contactUs/sent' && /sent/.test(document.querySelector('h1')?.textContent ?? '')",
      ),
    );
    expect(storedLeads(server.dataDir)).toContain("smoke-post@example.com");
  });

  /** An editor account made with the CLI, signed in once for the console's tests. */
  let signedIn = false;
  async function signIn() {
    if (signedIn) return;
    const email = "smoke-editor@example.com";
    const password = "plum-kettle-orbit-47";
    execFileSync("npm", ["run", "-s", "users", "--", "add", email, "--role", "editor", "--data-dir", server.dataDir], {
      input: `${password}\n`,
    });
    await page.resize(1280, 900);
    await page.goto("/admin");
    await page.watchErrors();
    await until("the sign-in form", () => page.eval<boolean>("!!document.querySelector('input[type=password]')"));
    await page.type("input[type=email]", email);
    await page.type("input[type=password]", password);
    await page.click("form button[type=submit]");
    await until("the console", () => page.eval<boolean>("!!document.querySelector('nav[aria-label=Console]')"));
    signedIn = true;
  }

  test("the rich-text editor keeps what is typed, and asks before leaving while it is not kept", async () => {
    await signIn();
    await page.goto("/admin/content/home-text");
    await page.watchErrors();
    await until("the editor to load", () => page.eval<boolean>(editorLoaded));
    await page.click(richView);
    const box = "document.querySelector('.rte-text[contenteditable=true]')";
    await until("the rich-text editor", () => page.eval<boolean>(`!!(${box})`));
    await page.typeInto(box, "Typed in rich text. ");
    await until("the text to be kept", () =>
      page.eval<boolean>(
        "fetch('/admin/api/content/entry?key=home-text').then((r) => r.json()).then((e) => !!e.autosave?.body.includes('Typed in rich text.'))",
      ),
    );
    // The editor wrote markdown: the rest of the page's text is as it was.
    expect(
      await page.eval<string>(
        "fetch('/admin/api/content/entry?key=home-text').then((r) => r.json()).then((e) => e.autosave.body)",
      ),
    ).toContain("Watch the five-minute tour, or the recorded demos of each part.");
    // The next keeping call is held until released (then the words are kept, and no later load is asked about).
    await page.eval(
      "(() => { const f = window.fetch; const held = new Promise((resolve) => (window.releaseKeeping = resolve)); window.fetch = (url, init) => String(url).includes('/content/autosave') ? held.then(() => f(url, init)) : f(url, init); return true; })()",
    );
    await page.typeInto(box, "Still more. ");
    await page.click("a[href='/admin/content']");
    await until("the question", () =>
      page.eval<boolean>("!!document.querySelector('dialog[open]')?.textContent.includes('not kept yet')"),
    );
    await page.click("dialog[open] button");
    await until("the editor again", () =>
      page.eval<boolean>("!document.querySelector('dialog[open]') && location.pathname === '/admin/content/home-text'"),
    );
    expect(await page.eval<string>(`(${box}).textContent`)).toContain("Still more.");
    await page.eval("(window.releaseKeeping(), true)");
    await until("the newest words to be kept", () =>
      page.eval<boolean>(
        "fetch('/admin/api/content/entry?key=home-text').then((r) => r.json()).then((e) => !!e.autosave?.body.includes('Still more.'))",
      ),
    );
    expect(await page.pageErrors()).toEqual([]);
  });

  test("the content editor keeps what is typed, and asks before leaving while it is not kept", async () => {
    await signIn();
    await page.goto("/admin/content/about-home");
    await page.watchErrors();
    // The markdown view (the editor opens in rich text, tested above).
    await until("the editor to load", () => page.eval<boolean>(editorLoaded));
    await page.click(markdownView);
    // CodeMirror's text box, inside the editor's shadow root.
    const box =
      "[...document.querySelectorAll('section div')].map((host) => host.shadowRoot?.querySelector('.cm-content')).find(Boolean)";
    await until("the editor", () => page.eval<boolean>(`!!(${box})`));
    await page.typeInto(box, " Typed in this engine.");
    // A moment after the last key the server keeps it (not as a version).
    await until("the text to be kept", () =>
      page.eval<boolean>(
        "fetch('/admin/api/content/entry?key=about-home').then((r) => r.json()).then((e) => !!e.autosave?.body.includes('Typed in this engine.'))",
      ),
    );
    // The next keeping call never answers (a server out of reach): leaving asks, and Stay stays.
    await page.eval(
      "(() => { const f = window.fetch; window.fetch = (url, init) => String(url).includes('/content/autosave') ? new Promise(() => {}) : f(url, init); return true; })()",
    );
    await page.typeInto(box, " More.");
    await page.click("a[href='/admin/content']");
    await until("the question", () =>
      page.eval<boolean>("!!document.querySelector('dialog[open]')?.textContent.includes('not kept yet')"),
    );
    await page.click("dialog[open] button");
    await until("the editor again", () =>
      page.eval<boolean>(
        "!document.querySelector('dialog[open]') && location.pathname === '/admin/content/about-home'",
      ),
    );
    expect(await page.eval<string>(`(${box}).textContent`)).toContain("More.");
    expect(await page.pageErrors()).toEqual([]);
  });
}

/** The text editor's switch between its views (content/TextEditor.tsx): rich text first, then markdown. */
const richView = "[role=group][aria-label='Edit as'] button:nth-child(1)";
const markdownView = "[role=group][aria-label='Edit as'] button:nth-child(2)";
/** Either view shown, past the rich editor's "Loading" (whose switch is replaced as it loads). */
const editorLoaded = "!!document.querySelector('.rte-frame') && !document.querySelector('.rte-frame [aria-busy]')";

/** The leads the server stored, as the operator sees them (`npm run -s leads`, CSV). */
export function storedLeads(dataDir: string): string {
  return execFileSync("npm", ["run", "-s", "leads", "--", "--data-dir", dataDir], { encoding: "utf8" });
}
