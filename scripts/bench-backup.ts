/**
 * `npm run bench:backup [-- --extra-mb <n>]`: fills a temporary SQLite site with the demo content
 * plus <n> MB (default 200) of incompressible photo-sized files, then, in this one process as the
 * site would, takes a backup while it keeps answering reads, verifies it and restores it into a
 * fresh site. Prints the time and size of each step and how much the backup delayed the event loop
 * and a database read (the work a request does), next to the same figures while idle.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { "extra-mb": { type: "string", default: "200" } } });
const extraMb = Number(values["extra-mb"]);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-backup-"));
process.env.DATA_DIR = path.join(work, "site");
process.env.LOG_LEVEL ??= "warn";

const { createBackup } = await import("~/backup/create-backup.server");
const { verifyBackup } = await import("~/backup/verify-backup.server");
const { restoreBackup } = await import("~/backup/restore-backup.server");
const { closeDatabase, migrate, openSqlite } = await import("~/platform/db.server");
const { LocalDiskStorage, storage } = await import("~/media/storage.server");
const { listHorses } = await import("~/models/horse.server");
const { formatBytes } = await import("~/media/image");
const { fillDemo } = await import("./demo-content");

const ms = (n: number) => `${n.toFixed(1)} ms`;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Runs `during` while measuring event-loop delay and the latency of a database read in a loop. */
async function measure<T>(during: () => Promise<T>) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const reads: number[] = [];
  let running = true;
  loop.enable();
  const reader = (async () => {
    while (running) {
      const t = performance.now();
      await listHorses();
      reads.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const started = performance.now();
  const value = await during();
  const elapsed = performance.now() - started;
  running = false;
  await reader;
  loop.disable();
  reads.sort((a, b) => a - b);
  return {
    value,
    elapsed,
    loop: `event loop delay p50 ${ms(loop.percentile(50) / 1e6)}, p99 ${ms(loop.percentile(99) / 1e6)}, max ${ms(loop.max / 1e6)}`,
    reads: `${reads.length} reads, p50 ${ms(pct(reads, 0.5))}, p99 ${ms(pct(reads, 0.99))}, max ${ms(reads.at(-1) ?? 0)}`,
  };
}

try {
  await migrate();
  await fillDemo();
  for (let i = 0; i < extraMb; i++) await storage().put(`horse-images/bench-${i}.jpg`, randomBytes(1024 * 1024));
  const files = (await storage().list("", { limit: 100_000 })).length;
  console.log(`Site: demo content and ${files} media files (${extraMb} MB of them incompressible filler)`);

  const idle = await measure(() => new Promise((r) => setTimeout(r, 3000)));
  console.log(`Idle (3 s):        ${idle.loop}; ${idle.reads}`);

  const backup = await measure(() => createBackup({ dir: path.join(work, "backups") }));
  const { file, bytes } = backup.value;
  console.log(
    `Backup:            ${(backup.elapsed / 1000).toFixed(1)} s, ${formatBytes(bytes)} (${(bytes / 1024 / 1024 / (backup.elapsed / 1000)).toFixed(1)} MB/s)`,
  );
  console.log(`  while it ran:    ${backup.loop}; ${backup.reads}`);

  const verify = await measure(() => verifyBackup(file));
  console.log(`Verify:            ${(verify.elapsed / 1000).toFixed(1)} s`);

  const target = openSqlite(path.join(work, "restored", "stable.db"));
  const restore = await measure(() =>
    restoreBackup(file, { handle: target, store: new LocalDiskStorage(path.join(work, "restored", "media")) }),
  );
  await target.close();
  console.log(`Restore:           ${(restore.elapsed / 1000).toFixed(1)} s (into a fresh SQLite site)`);
  console.log(`Peak memory (RSS): ${formatBytes(process.resourceUsage().maxRSS * 1024)}`);
} finally {
  await closeDatabase();
  fs.rmSync(work, { recursive: true, force: true });
}
