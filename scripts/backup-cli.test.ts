import { execFile } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "~/backup/create-backup.server";
import { seedContent } from "@tests/backup";
import { useFreshDatabase } from "@tests/db";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");

/** Runs an npm script's file the way `npm run` does, with its own settings; returns status and output. */
async function cli(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      timeout: 60_000,
    });
    return { status: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { status: e.code ?? -1, out: (e.stdout ?? "") + (e.stderr ?? "") };
  }
}

useFreshDatabase();

// Each test runs the commands as a person would, a tsx process per command: minutes on a loaded machine.
describe("npm run backup and npm run restore", { timeout: 180_000 }, () => {
  let work: string;
  let file: string;
  let truncated: string;

  beforeAll(async () => {
    work = await fsp.mkdtemp(path.join(os.tmpdir(), "stable-backup-cli-"));
  });
  afterAll(async () => {
    await fsp.rm(work, { recursive: true, force: true });
  });

  it("restore into an empty site, refuse a second time, back it up again and verify", async () => {
    await seedContent();
    ({ file } = await createBackup({ dir: work }));
    const bytes = await fsp.readFile(file);
    truncated = path.join(work, "truncated.tar.gz");
    await fsp.writeFile(truncated, bytes.subarray(0, bytes.length - 100));
    const site = { DATA_DIR: path.join(work, "site") };

    const restored = await cli("scripts/restore.ts", [file], site);
    expect(restored.out).toContain("Restored in");
    expect(restored.out).toMatch(/horses 2, winners 1/);
    expect(restored.status).toBe(0);

    const again = await cli("scripts/restore.ts", [file], site);
    expect(again.out).toMatch(
      /NOT RESTORED: The target already holds content \(.*2 rows in horses.*\)\. Nothing was changed\. Run the restore with --force/,
    );
    expect(again.status).toBe(1);

    const out = path.join(work, "again.tar.gz");
    const backedUp = await cli("scripts/backup.ts", ["--out", out], site);
    expect(backedUp.out).toContain(`Wrote ${out}`);
    expect(backedUp.status).toBe(0);

    const verified = await cli("scripts/backup.ts", ["--verify", out], site);
    expect(verified.out).toContain("OK: the backup is complete and can be restored.");
    expect(verified.status).toBe(0);
  });

  it("refuse a damaged file in --verify and in restore, saying why", async () => {
    const site = { DATA_DIR: path.join(work, "other-site") };
    const verified = await cli("scripts/backup.ts", ["--verify", truncated], site);
    expect(verified.out).toContain(
      `NOT USABLE: ${truncated} is not a usable backup: the file ends early: it was cut off`,
    );
    expect(verified.status).toBe(1);

    const restored = await cli("scripts/restore.ts", [truncated], site);
    expect(restored.out).toContain(`NOT RESTORED: ${truncated} is not a usable backup: the file ends early`);
    expect(restored.out).toContain("Nothing was changed.");
    expect(restored.status).toBe(1);
  });

  it("refuse an unsigned or wrongly signed file unless told --trust-unsigned, and say a generated key once", async () => {
    const keyless = { DATA_DIR: path.join(work, "keyless-site"), BACKUP_KEY: "" };
    const out = path.join(work, "own-key.tar.gz");
    expect((await cli("scripts/db-migrate.ts", [], keyless)).status).toBe(0);
    const first = await cli("scripts/backup.ts", ["--out", out], keyless);
    expect(first.status).toBe(0);
    expect(first.out).toMatch(
      /A backup key was generated in .*keyless-site\/secrets\/backup_key; every backup is signed with it/,
    );
    expect(first.out).toContain("Keep a copy of it apart from the backups");
    const second = await cli("scripts/backup.ts", ["--out", path.join(work, "own-key-2.tar.gz")], keyless);
    expect(second.out).not.toContain("A backup key was generated");
    expect((await cli("scripts/backup.ts", ["--verify", out], keyless)).out).toContain(
      "Signed with this site's backup key",
    );

    // Another site, with another key: the file is not proven to be its own.
    const elsewhere = { DATA_DIR: path.join(work, "elsewhere"), BACKUP_KEY: "another-sites-key-0123456789abcdefghij" };
    const verified = await cli("scripts/backup.ts", ["--verify", out], elsewhere);
    expect(verified.out).toMatch(/NOT USABLE: .* it was signed with another backup key: set BACKUP_KEY/);
    expect(verified.status).toBe(1);
    const refused = await cli("scripts/restore.ts", [out], elsewhere);
    expect(refused.out).toMatch(
      /NOT RESTORED: .*signed with another backup key.*--trust-unsigned.*Nothing was changed/,
    );
    expect(refused.status).toBe(1);
    const trusted = await cli("scripts/restore.ts", [out, "--trust-unsigned"], elsewhere);
    expect(trusted.out).toContain("Restored in");
    expect(trusted.out).toContain("signature: not checked, trusted (--trust-unsigned)");
    expect(trusted.status).toBe(0);
  });
});
