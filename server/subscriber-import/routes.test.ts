// The import API in the real app (app.inject, a SQLite file): owners only; a file with a
// malformed row imports nothing and names the lines; a good one is imported and audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../tests/support/app.ts";
import { hashPassword } from "../console/passwords.ts";
import { consoleSession, sameSite } from "../../tests/support/console-session.ts";

const password = "plum-kettle-orbit-47";
const same = sameSite;
type App = Awaited<ReturnType<typeof testApp>>["app"];
let app: App;

const signIn = (email: string) => consoleSession(app, email, password);

beforeAll(async () => {
  ({ app } = await testApp());
  const passwordHash = await hashPassword(password);
  for (const role of ["owner", "editor"] as const)
    await app.stores.console.addAccount({ email: `${role}@example.com`, role, passwordHash }, new Date());
});
afterAll(() => app.close());

const header = "email,first_name,last_name,consent_date,source";

describe("POST /admin/api/subscribers/import", () => {
  it("is for owners only", async () => {
    const editor = await signIn("editor@example.com");
    const payload = { csv: `${header}\na@example.com,,,,` };
    expect(
      (await app.inject({ method: "POST", url: "/admin/api/subscribers/import", headers: editor, payload })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: "POST", url: "/admin/api/subscribers/import", headers: same, payload })).statusCode,
    ).toBe(401);
  });

  it("imports nothing from a file with a malformed row, names its lines, then imports the fixed file and audits it", async () => {
    const owner = await signIn("owner@example.com");
    const bad = await app.inject({
      method: "POST",
      url: "/admin/api/subscribers/import",
      headers: owner,
      payload: { csv: `${header}\nann@example.com,Ann,,2025-10-01,webinar\nnot-an-address,,,,\nbo@example.com,,,,` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: "Nothing was imported: 1 row needs fixing first.",
      problems: [{ line: 3 }],
    });
    expect(await app.stores.subscribers.subscribers()).toEqual([]);

    const good = await app.inject({
      method: "POST",
      url: "/admin/api/subscribers/import",
      headers: owner,
      payload: { csv: `${header}\nann@example.com,Ann,,2025-10-01,webinar\nbo@example.com,,,,` },
    });
    expect(good.json()).toEqual({ confirmed: 1, awaitingConfirmation: 1, alreadyListed: 0 });
    const audit = (await app.inject({ url: "/admin/api/audit", headers: owner })).json() as {
      entries: { action: string; detail: string }[];
    };
    expect(audit.entries.find((e) => e.action === "subscriber-import")?.detail).toBe(
      "2 rows: 1 confirmed with a consent date, 1 to confirm by mail, 0 already listed",
    );
  });
});
