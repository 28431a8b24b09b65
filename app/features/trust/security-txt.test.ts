import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "#common/site.ts";
import { renderSections } from "#app/features/content/content.server.ts";
import { reportSection, securityTxt, securityTxtDays } from "./security-txt.ts";

const site = loadSiteConfig({ SITE_URL: "https://www.acme-time.com", SECURITY_EMAIL: "psirt@acme-time.com" });

/** The fields of a security.txt, name → values, as RFC 9116 §4 reads them (comments and blank lines skipped). */
function fields(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^([A-Za-z-]+): (\S.*)$/.exec(line);
    expect(match, line).not.toBeNull();
    found.set(match![1], [...(found.get(match![1]) ?? []), match![2]]);
  }
  return found;
}

describe("securityTxt", () => {
  it("names the contact, the policy and its canonical address from the settings", () => {
    const text = securityTxt(site, new Date("2026-11-28T22:50:00Z"));
    expect(text.endsWith("\n")).toBe(true);
    const found = fields(text);
    expect(found.get("Contact")).toEqual(["mailto:psirt@acme-time.com"]);
    expect(found.get("Canonical")).toEqual(["https://www.acme-time.com/.well-known/security.txt"]);
    expect(found.get("Policy")).toEqual(["https://www.acme-time.com/security#report-a-vulnerability"]);
    expect(found.get("Preferred-Languages")).toEqual(["en"]);
  });

  it("expires once, under a year after the build, at a UTC midnight in RFC 3339", () => {
    const builtAt = new Date("2026-11-28T22:50:00Z");
    const [expires] = fields(securityTxt(site, builtAt)).get("Expires")!;
    expect(expires).toBe("2027-11-23T00:00:00Z");
    const ahead = (Date.parse(expires) - builtAt.getTime()) / 86_400_000;
    expect(ahead).toBeGreaterThan(securityTxtDays - 1);
    expect(ahead).toBeLessThan(365);
  });

  it("points at a section the Security page has", () => {
    const { sections } = renderSections("legal/security", site);
    expect(sections.map((section) => `/security#${section.id}`)).toContain(reportSection);
  });
});
