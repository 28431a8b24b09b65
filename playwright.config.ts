import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { e2eDataDir } from "./tests/e2e/stored.ts";
import { freePort } from "./tests/support/free-port.ts";
import { chromiumLaunchOptions } from "./scripts/chromium.ts";

// End-to-end tests against the production build served by the real server (server/main.ts)
// in Debian's Chromium. External services are blocked in tests/e2e/fixtures.ts.

// Workers load this file again with the runner's environment: the port chosen once is kept there.
process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // At least two workers (Playwright's default is half the cores: one on two cores, which made the
  // browser tests alone take 16 minutes there); the specs mostly wait on the browser and the server.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  // Generous: CI shares two cores between the server, Chromium and the runner.
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    // Playwright's request routing does not see requests a service worker answers, so specs run
    // without it; tests/e2e/measure.spec.ts turns it on to test the service worker itself.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: {
    command: "node server/main.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // Every visitor of the suite comes from 127.0.0.1, one network: its questions and sign-ups are
    // not counted as a flood (tests/e2e/challenge.spec.ts runs a server of its own that does count them).
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: e2eDataDir(),
      QUESTIONS_PER_NETWORK_PER_HOUR: "100000",
      SIGNUPS_PER_NETWORK_PER_HOUR: "100000",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
