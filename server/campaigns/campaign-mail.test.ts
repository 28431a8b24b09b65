// A campaign's images and links: no data: address reaches a reader (markdown-it alone lets
// data:image/png and friends through), and a draft that has one is refused with a reason.
import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { campaignDraftOf } from "./campaign.ts";
import { campaignMail } from "./campaign-mail.ts";

const site = loadSiteConfig({});
const ann = { email: "ann@example.com", firstName: "Ann" };
const pixel =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const bodies = [
  `Hello ![logo](${pixel})`,
  `![gif](data:image/gif;base64,R0lGODlhAQABAAAAACw=)`,
  `![svg](DATA:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)`,
  `See [this](data:text/html;base64,PHNjcmlwdD48L3NjcmlwdD4=)`,
  `![ref][x]\n\n[x]: ${pixel}`,
];

describe("a campaign with a data: address", () => {
  it.each(bodies)("renders no data: address in the mail: %j", (body) => {
    const mail = campaignMail(site, { subject: "News", body }, ann, "https://x.example/u");
    // A refused address stays as the text it was written as, never an image or a link.
    expect(mail.html).not.toMatch(/(src|href)="\s*data:/i);
    expect(mail.html).not.toContain("<img");
  });

  it.each(bodies)("is refused at save: %j", (body) => {
    expect(campaignDraftOf({ subject: "News", body })).toMatch(/^The address "data:[^"]*" is refused/i);
  });

  it("keeps images and links on the web", () => {
    const body =
      "![logo](https://www.tallyway.example/assets/uploads/abc-100x100) [site](https://www.tallyway.example/)";
    expect(campaignDraftOf({ subject: "News", body })).toMatchObject({ body });
    const { html } = campaignMail(site, { subject: "News", body }, ann, "https://x.example/u");
    expect(html).toContain('<img src="https://www.tallyway.example/assets/uploads/abc-100x100" alt="logo">');
  });
});

describe("an uploaded image in a campaign", () => {
  const jpeg = "https://www.tallyway.example/assets/uploads/3f2a9c1b0d4e5f67-1600x900-1200.jpg";
  it.each([
    "/assets/uploads/3f2a9c1b0d4e5f67-1600x900",
    "/assets/uploads/3f2a9c1b0d4e5f67-1600x900-540.webp",
    "https://www.tallyway.example/assets/uploads/3f2a9c1b0d4e5f67-1600x900-1400.avif",
    jpeg,
  ])("is its JPEG on the site, with its size and alt text, whatever form it was written in: %s", (address) => {
    const body = `![The team "at work" & more](${address})\n\nMarch news.`;
    const { html } = campaignMail(site, { subject: "News", body }, ann, "https://x.example/u");
    expect(html).toContain(
      `<p><img src="${jpeg}" width="600" height="338" alt="The team &quot;at work&quot; &amp; more" style="display:block;`,
    );
    // Above the text that follows it.
    expect(html.indexOf("<img")).toBeLessThan(html.indexOf("March news."));
    expect(html).not.toMatch(/\.(webp|avif)"/);
  });

  it("keeps a narrow image at its own width, and an image from elsewhere as written", () => {
    const body = "![Logo](/assets/uploads/3f2a9c1b0d4e5f67-300x100) ![Other](https://cdn.example/a-100x100.webp)";
    const { html } = campaignMail(site, { subject: "News", body }, ann, "https://x.example/u");
    expect(html).toContain(
      '<img src="https://www.tallyway.example/assets/uploads/3f2a9c1b0d4e5f67-300x100-300.jpg" width="300" height="100" alt="Logo"',
    );
    expect(html).toContain('<img src="https://cdn.example/a-100x100.webp" alt="Other">');
  });
});
