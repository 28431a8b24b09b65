// The contact and newsletter forms in Chromium: against the real server (success), and with
// intercepted answers for the error and transport-failure rows of requirements §8.
import type { Page, Route } from "@playwright/test";
import { expect, holdAppStart, holdScript, hydrated, test } from "./fixtures";
import { stored } from "./stored.ts";

const contactForm = (page: Page) => page.getByRole("form", { name: "Contact form" });
const newsletterForm = (page: Page) => page.getByRole("form", { name: "Newsletter sign-up" });
const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });
/** On the home page the newsletter form hydrates when scrolled near; until then it posts natively (no novalidate). */
async function newsletterReady(page: Page) {
  const form = newsletterForm(page);
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute("novalidate");
  return form;
}

/** A lead call's wire fields; the optional visitor id (vid, for attribution) is the stored uid when present. */
async function leadFields(page: Page, url: string) {
  const { vid, ...fields } = Object.fromEntries(new URL(url).searchParams);
  if (vid !== undefined) expect(vid).toBe(await page.evaluate(() => localStorage.getItem("uid")));
  return fields;
}

async function fillContact(page: Page, email = "ann@example.com") {
  const form = contactForm(page);
  await form.getByLabel("Name").fill("Ann Lee");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("How can we help?").fill("How much for 20 users?");
  return form;
}
const answer =
  (body: unknown, status = 200) =>
  (route: Route) =>
    route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

test.describe("contact form", () => {
  test("sends requirements §7's call to the real server, shows its message, stays disabled and remembers the email", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/contact");
    const form = await fillContact(page, "e2e-contact@example.com");
    const submit = form.getByRole("button", { name: "Submit" });
    await expect(submit).toBeEnabled();
    const request = page.waitForRequest((r) => r.url().includes("/contactUs?"));
    await submit.click();
    expect(await leadFields(page, (await request).url())).toEqual({
      domain: "www.tallyway.example",
      type: "Lead",
      name: "Ann Lee",
      email: "e2e-contact@example.com",
      subject: "Tallyway website enquiry",
      details: "How much for 20 users?",
    });
    await expect(
      toasts(page).getByText("Thank you - we have your question and will answer within one business day."),
    ).toBeVisible();
    await expect(submit).toBeDisabled();
    // Besides the toast, the form confirms in place, and the button says so to screen readers.
    const sent = form.locator("[data-sent]");
    // One well-formed message of its own: it does not repeat the toast.
    await expect(sent).toHaveText("Your question was sent.We will write back to e2e-contact@example.com.");
    await expect(sent).not.toContainText("Thank you");
    await expect(sent).toBeInViewport();
    await expect(submit).toHaveAccessibleDescription(/Your question was sent\./);
    // The question is cleared, and the next step is offered: a call now, or the prices.
    await expect(form.getByLabel("How can we help?")).toHaveValue("");
    const next = form.locator("[data-next-steps]");
    await expect(next.getByRole("link", { name: /Schedule a Call/ })).toHaveAttribute("href", /type=contact/);
    await expect(next.getByRole("link", { name: "See prices" })).toHaveAttribute("href", "/products");
    expect(await page.evaluate(() => localStorage.getItem("email"))).toBe("e2e-contact@example.com");

    await toasts(page).getByRole("button", { name: "Close notification" }).click();
    await expect(toasts(page).getByText("Thank you")).toHaveCount(0);

    // /support's form, below the scheduler, hydrates when the visitor comes near it; then it fills in.
    await page.goto("/support");
    await contactForm(page).getByLabel("Email").scrollIntoViewIfNeeded();
    await expect(contactForm(page).getByLabel("Email")).toHaveValue("e2e-contact@example.com");
    expect(consoleErrors).toEqual([]);
  });

  test("the support page sends the subject 'Support' plus the product name", async ({ page }) => {
    let url = "";
    await page.route("**/contactUs?*", (route) => {
      url = route.request().url();
      return answer({ message: "Got it" })(route);
    });
    await page.goto("/support");
    await (await fillContact(page)).getByRole("button", { name: "Submit" }).click();
    await expect(toasts(page).getByText("Got it")).toBeVisible();
    expect(new URL(url).searchParams.get("subject")).toBe("Support Tallyway Time + Expense");
  });

  test("validates after blur: messages tied to the fields, submit disabled while invalid", async ({ page }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    const email = form.getByLabel("Email");
    await email.fill("ann@");
    await expect(form.getByText("Please enter a valid email address")).toHaveCount(0);
    await email.blur();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address");
    const question = form.getByLabel("How can we help?");
    // Tabbed past untouched, it says nothing yet; typed in and cleared, it does.
    await question.focus();
    await question.blur();
    await expect(question).toHaveAccessibleDescription("");
    await expect(question).not.toHaveAttribute("aria-invalid", "true");
    await question.fill("x");
    await question.fill("");
    await question.blur();
    await expect(question).toHaveAccessibleDescription("How can we help?");
    await expect(form.getByRole("button", { name: "Submit" })).toBeDisabled();
    // Error text has reserved space: the button does not move when messages appear.
    // Measured against the form, in one synchronous read inside the page: the html
    // element scrolls smoothly, and two separate boundingBox() round trips taken
    // while a scroll is still settling would report a shift that never happened.
    const offset = () =>
      form.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const button = element.querySelector("button[type=submit]")!.getBoundingClientRect();
        return { x: button.x - box.x, y: button.y - box.y, height: box.height };
      });
    await email.fill("ann@example.com");
    const before = await offset();
    await email.fill("ann");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    expect(await offset()).toEqual(before);
  });

  test("marks the required fields and says beside the disabled button what is missing", async ({ page }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    await expect(form.getByRole("textbox", { name: "Email (required)" })).toHaveAttribute("required");
    await expect(form.getByRole("textbox", { name: "How can we help? (required)" })).toHaveAttribute("required");
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).not.toHaveAttribute("required");
    await expect(form.getByText("* required")).toBeVisible();
    const submit = form.getByRole("button", { name: "Submit" });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription("Add your email and question to send");
    await expect(form.locator("[data-submit-hint]")).toBeVisible();
    await form.getByLabel("Email").fill("ann@");
    await expect(submit).toHaveAccessibleDescription("Add your question and check your email address to send");
    await form.getByLabel("Email").fill("ann@example.com");
    await expect(submit).toHaveAccessibleDescription("Add your question to send");
    await form.getByLabel("How can we help?").fill("How much?");
    await expect(submit).toBeEnabled();
    await expect(submit).toHaveAccessibleDescription("");
    await expect(form.locator("[data-submit-hint]")).toHaveCount(0);
  });

  test("what a visitor types before the app has started is kept and counts", async ({ page }) => {
    const start = await holdAppStart(page);
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const form = await fillContact(page, "early@example.com");
    const submit = form.getByRole("button", { name: "Submit" });
    // A submit from the first paint: before the app runs it would post natively (no-javascript.spec.ts).
    await expect(submit).toHaveAttribute("type", "submit");
    await expect(submit).toBeEnabled();
    start();
    await hydrated(page);
    await expect(form.getByLabel("Email")).toHaveValue("early@example.com");
    await expect(form.getByLabel("How can we help?")).toHaveValue("How much for 20 users?");
    await expect(submit).toBeEnabled();
  });

  test("an error answer shows the server's text in a warning toast and re-enables the button", async ({ page }) => {
    await page.route("**/contactUs?*", answer({ error: "Please enter a valid email address" }, 400));
    await page.goto("/contact");
    const submit = (await fillContact(page)).getByRole("button", { name: "Submit" });
    await submit.click();
    await expect(page.locator("[data-toast=warn]")).toContainText("Please enter a valid email address");
    await expect(submit).toBeEnabled();
  });

  test("a transport failure shows 'Could not submit - please try again later' and re-enables the button", async ({
    page,
  }) => {
    await page.route("**/contactUs?*", (route) => route.abort("connectionrefused"));
    await page.goto("/contact");
    const form = await fillContact(page);
    const submit = form.getByRole("button", { name: "Submit" });
    await submit.click();
    await expect(page.locator("[data-toast=warn]")).toContainText("Could not submit - please try again later");
    await expect(submit).toBeEnabled();
    // Beside the form too, with another way to reach the company.
    const failed = form.getByRole("alert");
    await expect(failed).toContainText("Your question was not sent.Could not submit - please try again later");
    await expect(failed.getByRole("link", { name: "sales@tallyway.example" })).toHaveAttribute(
      "href",
      "mailto:sales@tallyway.example",
    );
    await expect(failed.getByRole("link", { name: "+1 555 010 0199" })).toHaveAttribute("href", "tel:+15550100199");
    await expect(failed).toBeInViewport();
    // The next try clears it.
    await page.unroute("**/contactUs?*");
    await page.route("**/contactUs?*", answer({ message: "Got it" }));
    await submit.click();
    await expect(form.locator("[data-sent]")).toBeVisible();
    await expect(failed).toHaveCount(0);
  });

  test("an unreadable answer (a proxy's HTML error page) counts as a transport failure", async ({ page }) => {
    await page.route("**/contactUs?*", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await page.goto("/contact");
    await (await fillContact(page)).getByRole("button", { name: "Submit" }).click();
    await expect(page.locator("[data-toast=warn]")).toContainText("Could not submit - please try again later");
  });
});

test.describe("newsletter form", () => {
  test("subscribes on the home page against the real server and shows the success box, which closes", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    const section = page.locator("#newsletter");
    await expect(section.getByRole("heading", { name: "Stay in the loop" })).toBeVisible();
    const form = newsletterForm(page);
    await expect(form.getByRole("textbox", { name: "Email (required)" })).toHaveAttribute("required");
    await form.getByLabel("First name").fill("Bo");
    await form.getByLabel("Last name").fill("Ng");
    await form.getByRole("textbox", { name: "Email (required)" }).fill("e2e-news@example.com");
    const request = page.waitForRequest((r) => r.url().includes("/mailingList?"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    expect(await leadFields(page, (await request).url())).toEqual({
      list: "tallyway.example",
      what: "subscribe",
      email: "e2e-news@example.com",
      first_name: "Bo",
      last_name: "Ng",
    });
    const box = form.locator("[data-box=success]");
    await expect(box).toContainText("Thank you! Please check your inbox and confirm your subscription.");
    // The spec's text stays the box's own; a next step follows it.
    expect(await box.locator("[data-box-text]").innerText()).toBe(
      "Thank you! Please check your inbox and confirm your subscription.",
    );
    await expect(box.getByRole("link", { name: "watch the recorded demos" })).toHaveAttribute("href", "/demo");
    await expect(form.getByRole("button", { name: "Subscribe" })).toBeDisabled();
    await box.getByRole("button", { name: "Close message" }).click();
    await expect(box).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Subscribe" })).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem("email"))).toBe("e2e-news@example.com");
    expect(consoleErrors).toEqual([]);
  });

  test("an error shows the warning box with the error, a new line and the message; submit enabled again", async ({
    page,
  }) => {
    await page.route(
      "**/mailingList?*",
      answer({ error: "Unknown mailing list", message: "Please try again tomorrow" }, 400),
    );
    await page.goto("/contact");
    const form = newsletterForm(page);
    await form.getByRole("textbox", { name: "Email (required)" }).fill("bo@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    const box = form.locator("[data-box=warning]");
    await expect(box).toBeVisible();
    expect(await box.locator("[data-box-text]").innerText()).toBe("Unknown mailing list\nPlease try again tomorrow");
    await expect(form.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  });

  test("a transport failure warns 'Could not subscribe' and enables submit again", async ({ page }) => {
    await page.route("**/mailingList?*", (route) => route.abort("internetdisconnected"));
    await page.goto("/contact");
    const form = newsletterForm(page);
    await form.getByRole("textbox", { name: "Email (required)" }).fill("bo@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.locator("[data-box=warning]")).toContainText("Could not subscribe");
    await expect(form.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  });

  test("an invalid email shows the message after blur; submit stays enabled and, tried, sends nothing and focuses the field", async ({
    page,
  }) => {
    let requests = 0;
    await page.route("**/mailingList?*", (route) => (requests++, answer({ message: "x" })(route)));
    await page.goto("/contact");
    const form = newsletterForm(page);
    const email = form.getByRole("textbox", { name: "Email (required)" });
    const subscribe = form.getByRole("button", { name: "Subscribe" });
    await expect(subscribe).toBeEnabled();
    await email.fill("bo");
    await email.blur();
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(subscribe).toBeEnabled();
    await subscribe.click();
    await expect(email).toBeFocused();
    await expect(form.locator("[data-box]")).toHaveCount(0);
    expect(requests).toBe(0);
  });

  test("Subscribe is enabled at rest; tabbing past says nothing, an empty submit shows the spec's message on the email", async ({
    page,
  }) => {
    await page.goto("/");
    const form = await newsletterReady(page);
    const email = form.getByRole("textbox", { name: "Email (required)" });
    await expect(email).toHaveAccessibleDescription("");
    // Tabbing through the untouched fields shows no red.
    await form.getByLabel("First name").focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    await expect(email).not.toBeFocused();
    await expect(email).toHaveAccessibleDescription("");
    await expect(form.getByText("Please enter a valid email address")).toHaveCount(0);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(email).toBeFocused();
  });

  test("a Subscribe pressed on / before the app has started posts natively: the sign-up is stored, pending", async ({
    page,
  }) => {
    const start = await holdAppStart(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const form = newsletterForm(page);
    await form.getByRole("textbox", { name: "Email (required)" }).fill("early-news@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/mailingList\/sent$/);
    await expect(page.getByRole("main")).toContainText(/check your inbox/i);
    expect(page.url()).not.toContain("early");
    start();
    expect(stored("subscribers")).toMatch(/early-news@example\.com.*pending/);
  });

  test("a Subscribe pressed on / while its section's code is still loading (slow network) stores the sign-up", async ({
    page,
  }) => {
    const release = await holdScript(page, "**/assets/NewsletterForm-*.js");
    await page.goto("/");
    const form = newsletterForm(page);
    await form.getByRole("textbox", { name: "Email (required)" }).fill("slow-news@example.com");
    await expect(form).not.toHaveAttribute("novalidate"); // not hydrated: its code is held back
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/mailingList\/sent$/);
    release();
    expect(stored("subscribers")).toMatch(/slow-news@example\.com.*pending/);
  });

  test("the card keeps no blank space for the answer: the box opens on submit, below the button", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/mailingList?*", async (route) => {
      await held;
      await answer({ message: "Thank you!" })(route);
    });
    await page.goto("/");
    const form = await newsletterReady(page);
    const gapBelowButton = () =>
      form.evaluate(
        (element) =>
          element.getBoundingClientRect().bottom -
          element.querySelector("button[type=submit]")!.getBoundingClientRect().bottom,
      );
    expect(await gapBelowButton()).toBeLessThanOrEqual(1);
    await form.getByRole("textbox", { name: "Email (required)" }).fill("bo@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.locator("[data-box=submitted]")).toHaveText("Subscribing…");
    await expect(form.getByRole("button", { name: "Subscribe" })).toBeDisabled();
    release();
    await expect(form.locator("[data-box=success]")).toContainText("Thank you!");
  });
});

test.describe("toasts", () => {
  test("success closes by itself after 6 s (held while hovered); a warning stays until closed", async ({ page }) => {
    let calls = 0;
    await page.route("**/contactUs?*", (route) =>
      (++calls === 1 ? answer({ error: "Try once more" }, 400) : answer({ message: "Got it" }))(route),
    );
    await page.clock.install();
    await page.goto("/contact");
    const submit = (await fillContact(page)).getByRole("button", { name: "Submit" });
    await submit.click();
    await expect(page.locator("[data-toast=warn]")).toContainText("Try once more");
    await submit.click();
    const success = page.locator("[data-toast=success]");
    await expect(success).toContainText("Got it");
    await expect(success.getByRole("button", { name: "Close notification" })).toBeVisible();

    await success.hover();
    await page.clock.runFor(10_000);
    await expect(success).toBeVisible();
    await page.mouse.move(0, 0);
    await page.clock.runFor(6_100);
    await expect(success).toHaveCount(0);
    await page.clock.runFor(60_000);
    const warning = page.locator("[data-toast=warn]");
    await expect(warning).toContainText("Try once more");
    await warning.getByRole("button", { name: "Close notification" }).click();
    await expect(page.locator("[data-toast]")).toHaveCount(0);
  });

  test("keyboard focus on a toast holds its timer; closing it gives the focus back", async ({ page }) => {
    await page.route("**/contactUs?*", answer({ message: "Got it" }));
    await page.clock.install();
    await page.goto("/contact");
    const submit = (await fillContact(page)).getByRole("button", { name: "Submit" });
    await submit.click();
    const close = page.locator("[data-toast=success]").getByRole("button", { name: "Close notification" });
    const question = contactForm(page).getByLabel("How can we help?");
    await question.focus();
    await close.focus();
    await page.clock.runFor(20_000);
    await expect(close).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("[data-toast]")).toHaveCount(0);
    await expect(question).toBeFocused();
  });

  /** Waits until the page and the toasts have stood still for ten frames (smooth scrolling, then placing). */
  const settled = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let last = "";
          let still = 0;
          const tick = () => {
            const toasts = document.querySelector("[data-toast]")?.parentElement?.getBoundingClientRect();
            const now = `${scrollY} ${toasts?.top}`;
            still = now === last ? still + 1 : 0;
            last = now;
            if (still >= 10) resolve();
            else requestAnimationFrame(tick);
          };
          tick();
        }),
    );
  /** The visible forms the toasts stand over. */
  const formsUnderToasts = (page: Page) =>
    page.evaluate(() => {
      const toasts = document.querySelector("[data-toast]")!.parentElement!.getBoundingClientRect();
      return [...document.forms]
        .filter((form) => form.checkVisibility())
        .filter((form) => {
          const box = form.getBoundingClientRect();
          return (
            box.top < toasts.bottom && box.bottom > toasts.top && box.left < toasts.right && box.right > toasts.left
          );
        })
        .map((form) => form.getAttribute("aria-label"));
    });

  for (const viewport of [
    { width: 320, height: 640 },
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ])
    test(`at ${viewport.width} px the contact toast covers no form, after sending and on the way to the next`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/contact");
      await (await fillContact(page)).getByRole("button", { name: "Submit" }).click();
      const toast = page.locator("[data-toast=success]");
      await expect(toast).toHaveText(
        "Success: Thank you - we have your question and will answer within one business day.",
      );
      await settled(page);
      await expect(toast).toBeInViewport({ ratio: 1 });
      expect(await formsUnderToasts(page)).toEqual([]);
      // Scrolling on, the newsletter form comes up from the bottom edge, where the toast stands.
      await newsletterForm(page).evaluate((form) =>
        scrollBy({ top: form.getBoundingClientRect().top - innerHeight + 60, behavior: "instant" }),
      );
      await settled(page);
      await expect(toast).toBeInViewport({ ratio: 1 });
      expect(await formsUnderToasts(page)).toEqual([]);
    });

  test("no more than three stack: the oldest goes", async ({ page }) => {
    let calls = 0;
    await page.route("**/contactUs?*", (route) => answer({ error: `Problem ${++calls}` }, 400)(route));
    await page.goto("/contact");
    const submit = (await fillContact(page)).getByRole("button", { name: "Submit" });
    for (const n of [1, 2, 3, 4]) {
      await submit.click();
      await expect(page.locator("[data-toast=warn]").last()).toContainText(`Problem ${n}`);
    }
    await expect(page.locator("[data-toast]")).toHaveText([
      "Warning: Problem 2",
      "Warning: Problem 3",
      "Warning: Problem 4",
    ]);
  });
});
