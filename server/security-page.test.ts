// The Security page (content/legal/security.md) and the privacy policy state how long the site keeps
// things. They are texts an editor may change, but the figures they ship with must be the server's
// own defaults (server/config.ts), so a buyer who checks finds what the site does.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadServerConfig } from "./config.ts";

const text = (key: string) => readFileSync(new URL(`../content/${key}.md`, import.meta.url), "utf8");
const defaults = loadServerConfig({});
/** Months as a person counts them: 395 days are 13 months. */
const months = (days: number) => Math.round((days * 12) / 365);

describe("the periods the Security page and the privacy policy state", () => {
  const security = text("legal/security");

  it("are the server's defaults", () => {
    expect(security).toContain(`deleted automatically after ${months(defaults.measureRetentionDays)} months`);
    expect(security).toContain(`deleted ${defaults.mailRetentionDays} days after delivery`);
    expect(security).toContain(`ends after ${defaults.consoleIdleMinutes / 60} hours unused`);
    expect(security).toContain(`after ${defaults.consoleSessionDays} days at most`);
    expect(security).toContain(`an audit log kept for ${defaults.consoleAuditDays} days`);
    expect(text("legal/privacy")).toContain(`for ${months(defaults.measureRetentionDays)} months`);
  });
});
