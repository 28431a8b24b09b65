/**
 * npm run feature-list [-- <dir>]: prints the Feature List PDF from the current content into
 * <dir> (default build/client) and refreshes the prebuilt copy shipped when Chromium is missing.
 * The printer shares the app's content module, whose components are .tsx: Vite's module runner
 * loads it as the build does, where Node alone cannot.
 */
import { runnerImport } from "vite";

const { module } = await runnerImport<typeof import("./build-steps/feature-list-pdf.ts")>(
  "./scripts/build-steps/feature-list-pdf.ts",
);
console.log(await module.updatePrebuiltFeatureList(process.argv[2] ?? "build/client"));
