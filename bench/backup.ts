/**
 * Backup and restore of a database with 100,000 leads (each with its notification mail in the
 * outbox, as the contact endpoint stores them): the database's size, `npm run backup`'s time
 * and file size (VACUUM INTO + integrity_check, db/backup.ts), and `npm run restore`'s time.
 * Writes bench/results/backup.md.
 *   npm run bench:backup [-- --leads 100000]
 */
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { backupDatabase, restoreDatabase } from "../server/db/backup.ts";
import { databaseFile } from "../server/db/database.ts";
import { leadNotification } from "../server/leads/mail-texts.ts";
import { loadServerConfig } from "../server/config.ts";
import { openStores } from "../server/stores.ts";
import { median, provenance } from "./lib/results.ts";

const { values } = parseArgs({
  options: { leads: { type: "string", default: "100000" }, rounds: { type: "string", default: "3" } },
});
const leads = Number(values.leads);
const rounds = Number(values.rounds);
const site = loadServerConfig({}).site;
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-backup-"));
const stores = await openStores({ dataDir });
const seedStart = performance.now();
for (let done = 0; done < leads;) {
  const batch = Math.min(1000, leads - done);
  await Promise.all(
    Array.from({ length: batch }, (_, i) => {
      const n = done + i;
      const lead = {
        domain: "www.tallyway.example",
        type: "Lead",
        name: `Visitor ${n}`,
        email: `visitor${n}@example.com`,
        subject: "Pricing for 40 users",
        details: `We track time for about 40 consultants and would like to know the price and how the setup works (${n}).`,
      };
      return stores.leads.addLead(lead, (id) => leadNotification(site, lead, id), new Date());
    }),
  );
  done += batch;
}
await stores.close();
const seedSeconds = (performance.now() - seedStart) / 1000;
const databaseBytes = statSync(databaseFile(dataDir)).size;

const backups: { ms: number; bytes: number }[] = [];
const restores: number[] = [];
const out = mkdtempSync(path.join(tmpdir(), "bench-backups-"));
for (let round = 0; round < rounds; round++) {
  const file = path.join(out, `site-${round}.sqlite`);
  backups.push(backupDatabase(dataDir, file));
  const started = performance.now();
  restoreDatabase(dataDir, file);
  restores.push(performance.now() - started);
}

const report = `# Backup and restore of ${leads.toLocaleString("en")} leads

${provenance()}

\`npm run bench:backup\` (bench/backup.ts): ${leads.toLocaleString("en")} leads stored through the lead store (each
with its notification mail in the outbox, in groups of 1,000) in ${seedSeconds.toFixed(0)} s, then ${rounds} rounds of
\`backupDatabase\` (VACUUM INTO a temporary file, PRAGMA integrity_check, fsync, rename: what \`npm run backup\`
runs) and \`restoreDatabase\` (integrity_check of the backup, copy, fsync, the old files moved aside, rename: \`npm run restore\`).

| | median | rounds |
| --- | --- | --- |
| database file (site.sqlite) | ${mb(databaseBytes)} MB | |
| backup file | ${mb(backups[0].bytes)} MB | |
| backup time (copy and check) | ${(median(backups.map((b) => b.ms)) / 1000).toFixed(2)} s | ${backups.map((b) => (b.ms / 1000).toFixed(2)).join(", ")} s |
| restore time (check and replace) | ${(median(restores) / 1000).toFixed(2)} s | ${restores.map((ms) => (ms / 1000).toFixed(2)).join(", ")} s |

The backup is one read transaction: the server keeps taking leads while it runs (server/cli/backup.test.ts
backs up under a write load and finds every lead acked before it began in the restored copy).
`;
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/backup.md", report);
console.log(report);
