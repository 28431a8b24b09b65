import { describe, expect, it } from "vitest";
import { ConfigError } from "#common/site.ts";
import { loadServerConfig } from "./config.ts";

describe("loadServerConfig (the settings table)", () => {
  it("gives every setting its default", () => {
    const config = loadServerConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      rateLimitPerMinute: 10,
      mailConnections: 4,
      databaseLockWaitMs: 2000,
      minFreeDiskMb: 64,
      consoleIdleMinutes: 480,
      consoleSessionDays: 7,
      consoleAuditDays: 400,
      allowedOrigins: [],
      trustProxy: false,
      newsletterSecret: "",
      mailFrom: "Tallyway <no-reply@tallyway.example>",
      digestTo: "sales@tallyway.example",
      confirmationLimits: { perDomainPerHour: 60, perHour: 300 },
      webhooks: [],
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it("reads and converts each variable", () => {
    const config = loadServerConfig({
      PORT: "8080",
      TRUST_PROXY: "loopback, 10.0.0.0/8",
      ALLOWED_ORIGINS: "https://a.example,https://b.example",
      DIGEST_TO: "",
      MAIL_FROM: "Acme <mail@acme.example>",
      MIN_FREE_DISK_MB: "0",
      CONSOLE_IDLE_MINUTES: "30",
      CONSOLE_AUDIT_DAYS: "90",
    });
    expect(config).toMatchObject({
      port: 8080,
      trustProxy: ["loopback", "10.0.0.0/8"],
      allowedOrigins: ["https://a.example", "https://b.example"],
      digestTo: "",
      newsletterFrom: "Acme <mail@acme.example>",
      minFreeDiskMb: 0,
      consoleIdleMinutes: 30,
      consoleAuditDays: 90,
    });
  });

  it("names every bad variable in one error, and never repeats a secret's value", () => {
    let error: unknown;
    try {
      loadServerConfig({
        PORT: "eighty",
        DATABASE_LOCK_WAIT_MS: "-1",
        ALLOWED_ORIGINS: "https://ok.example, ftp://bad",
        DATABASE_URL: "mysql://user:hunter2@db",
        NEWSLETTER_SECRET: "short-and-secret",
        SITE_URL: "x",
        CONSOLE_SESSION_DAYS: "365",
        CONSOLE_AUDIT_DAYS: "0",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split("\n")).toEqual([
      "Invalid server configuration:",
      '  - PORT must be a port number 0-65535 (got "eighty")',
      "  - DATABASE_URL must start with postgres:// or postgresql:// (got a value of 23 characters)",
      '  - ALLOWED_ORIGINS must list origins such as https://www.example.com (got "ftp://bad")',
      "  - NEWSLETTER_SECRET must be at least 32 bytes long (make one with: openssl rand -base64 32) (got a value of 16 characters)",
      '  - DATABASE_LOCK_WAIT_MS must be a whole number of milliseconds (0: no wait) (got "-1")',
      '  - CONSOLE_SESSION_DAYS must be a whole number of days from 1 to 90 (got "365")',
      '  - CONSOLE_AUDIT_DAYS must be a whole number of days from 1 to 3650 (got "0")',
      expect.stringMatching(/^ {2}- SITE_URL must be an absolute URL/),
    ]);
    expect(message).not.toMatch(/hunter2|short-and-secret/);
  });
});

describe("the CDN purge settings", () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
  it("are off by default, and read as one endpoint with its secret and delay", () => {
    expect(loadServerConfig({}).cdnPurge).toBeUndefined();
    expect(loadServerConfig({ CDN_PURGE_URL: "https://cdn.example/purge", CDN_PURGE_SECRET: secret }).cdnPurge).toEqual(
      {
        url: "https://cdn.example/purge",
        secret,
        delaySeconds: 5,
        siteUrl: "https://www.tallyway.example",
      },
    );
    expect(
      loadServerConfig({
        CDN_PURGE_URL: "https://cdn.example/purge",
        CDN_PURGE_SECRET: secret,
        CDN_PURGE_DELAY_SECONDS: "0",
      }).cdnPurge?.delaySeconds,
    ).toBe(0);
  });

  it("refuse a URL without its secret, a bad secret or delay, never repeating the secret", () => {
    expect(() => loadServerConfig({ CDN_PURGE_URL: "https://cdn.example/purge" })).toThrow(
      /CDN_PURGE_SECRET must be "whsec_"/,
    );
    expect(() => loadServerConfig({ CDN_PURGE_URL: "cdn.example", CDN_PURGE_SECRET: secret })).toThrow(
      /CDN_PURGE_URL must be an http\(s\) URL/,
    );
    expect(() =>
      loadServerConfig({
        CDN_PURGE_URL: "https://cdn.example/p",
        CDN_PURGE_SECRET: secret,
        CDN_PURGE_DELAY_SECONDS: "-1",
      }),
    ).toThrow(/CDN_PURGE_DELAY_SECONDS must be a number of seconds from 0 to 3600/);
    expect(() =>
      loadServerConfig({ CDN_PURGE_URL: "https://cdn.example/p", CDN_PURGE_SECRET: "whsec_hunter2" }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining("hunter2") }));
  });
});
