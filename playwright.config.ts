import { defineConfig, devices } from "@playwright/test";

// End-to-end tests against the production build served by the real server (server/main.ts)
// in Debian's Chromium. External services are blocked in tests/e2e/fixtures.ts.
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node server/main.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: ".tmp/e2e-data" },
    stdout: "ignore",
    stderr: "pipe",
  },
});
