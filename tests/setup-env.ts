import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetEnvCache } from "~/platform/env.server";

/**
 * Runs before each test file. Test files share their worker's process (vitest.config.ts: no
 * isolation), so each starts from the environment the worker started with, whatever the file
 * before it set, and gets a data directory of its own; nothing a test writes lands in ./data.
 */
const shared = globalThis as { stableTestBaseEnv?: Record<string, string | undefined> };
const base = (shared.stableTestBaseEnv ??= { ...process.env });
for (const name of Object.keys(process.env)) if (!(name in base)) delete process.env[name];
Object.assign(process.env, base);

process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "stable-test-"));
delete process.env.DATABASE_URL;
// Backups are signed; one key for the tests and the commands they start (a test of the generated key unsets it).
process.env.BACKUP_KEY ??= "test-backup-key-0123456789abcdefghijklmnop";
resetEnvCache();
