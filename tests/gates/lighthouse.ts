/**
 * CI gate: Lighthouse's accessibility, best-practices and SEO categories score 100 on every
 * route, against the production server (these categories do not depend on timing, so one
 * run per route is deterministic). Performance is measured by `npm run bench:lighthouse`.
 */
import { sitePaths } from "../../scripts/site-paths.ts";
import { startServer } from "../support/server.ts";
import { launchChrome, runLighthouse, type Category } from "../../bench/lib/lighthouse.ts";

const categories: Category[] = ["accessibility", "best-practices", "seo"];
const started = Date.now();
const server = await startServer(process.env.LIGHTHOUSE_PORT ? { PORT: process.env.LIGHTHOUSE_PORT } : {});
const chrome = await launchChrome();
const failures: string[] = [];
try {
  for (const path of await sitePaths()) {
    const lhr = await runLighthouse(server.url + path, chrome.port, categories);
    const scores = categories.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`);
    console.log(`${path.padEnd(32)} ${scores.join("  ")}`);
    for (const category of categories) {
      for (const ref of lhr.categories[category].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          const items = ((audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [])
            .slice(0, 5)
            .map((item) => JSON.stringify(item).slice(0, 300));
          failures.push(`${path} ${category}/${ref.id}: ${audit.title}\n    ${items.join("\n    ")}`);
        }
      }
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.log(`lighthouse gate: ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (failures.length) {
  console.error(`\n${failures.length} failing audits:\n${failures.join("\n")}`);
  process.exit(1);
}
