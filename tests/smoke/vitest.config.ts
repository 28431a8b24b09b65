// The smoke suites in Firefox ESR and WebKitGTK (npm run test:smoke) against the real server on
// the production build: they need `npm run build` first, so they are kept out of the unit tests.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/smoke/**/*.test.ts"],
    environment: "node",
    // One engine at a time: each runs a browser and the server on two shared cores.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
