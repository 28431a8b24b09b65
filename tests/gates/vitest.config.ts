// The CI gates over the production build (npm run test:gates): byte budgets, HTML validity,
// internal links and endpoint fuzzing. They need `npm run build` first, so they are kept out
// of the unit tests (vite.config.ts), which run without a build.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/gates/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
