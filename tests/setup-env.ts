import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Every test worker gets its own data directory; nothing a test writes lands in ./data.
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "stable-test-"));
delete process.env.DATABASE_URL;
// Backups are signed; one key for the tests and the commands they start (a test of the generated key unsets it).
process.env.BACKUP_KEY ??= "test-backup-key-0123456789abcdefghijklmnop";
