import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "./env.server";
import { openSqlite } from "./db.server";
import { sendMail } from "./mail.server";
import { getSecret } from "./secrets.server";

const mode = (file: string) => fs.statSync(file).mode & 0o777;

afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvCache();
});

describe("private files", () => {
  it("creates the SQLite database, its WAL and shared memory 0600 in a 0700 folder", async () => {
    const dir = path.join(env().dataDir, "modes", "db");
    const file = path.join(dir, "stable.db");
    const handle = openSqlite(file);
    await handle.db.schema.createTable("t").addColumn("a", "text").execute();
    expect(mode(dir)).toBe(0o700);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
    await handle.close();

    // A database left readable by an older version is tightened when it is opened.
    fs.chmodSync(file, 0o644);
    const again = openSqlite(file);
    expect(mode(file)).toBe(0o600);
    await again.close();
  });

  it("writes mail without a mail server 0600 into a 0700 folder", async () => {
    const sent = await sendMail({ to: "owner@example.com", subject: "Reset", text: "a link with a token" });
    expect(mode(sent.file!)).toBe(0o600);
    expect(mode(path.dirname(sent.file!))).toBe(0o700);
  });

  it("keeps generated secrets 0600 in a 0700 folder", () => {
    delete process.env.SESSION_SECRET;
    getSecret("SESSION_SECRET");
    const file = path.join(env().dataDir, "secrets", "session_secret");
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
  });
});
