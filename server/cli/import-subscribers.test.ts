// `npm run subscribers -- import FILE` as an operator runs it (the real command on a real SQLite
// file): a file with a malformed row imports nothing and names its line; the fixed one imports.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testApp } from "../../tests/support/app.ts";

describe("npm run subscribers -- import", () => {
  it("reports malformed rows by line and imports nothing, then imports the fixed file", async () => {
    const { app, dataDir } = await testApp();
    await app.close();
    const file = path.join(dataDir, "subscribers.csv");
    const run = () =>
      spawnSync(process.execPath, ["server/cli/export.ts", "subscribers", "import", file], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
      });
    const good = [
      "email,first_name,last_name,consent_date,source",
      "ann@example.com,Ann,,2025-10-01,webinar",
      "bo@example.com,,,,",
    ];
    writeFileSync(file, [...good, "not-an-address,,,,"].join("\n"));
    const refused = run();
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("line 4: Please enter a valid email address");
    expect(refused.stderr).toContain("Nothing was imported: 1 row needs fixing first.");

    writeFileSync(file, good.join("\n"));
    const imported = run();
    expect(imported.stderr).toBe("");
    expect(imported.stdout).toBe(
      "Imported 2 rows: 1 confirmed with a consent date, 1 to confirm by mail, 0 already listed.\n",
    );
    const listed = spawnSync(process.execPath, ["server/cli/export.ts", "subscribers"], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    }).stdout;
    expect(listed).toMatch(/ann@example\.com.*subscribed/);
    expect(listed).toMatch(/bo@example\.com.*pending/);
  });
});
