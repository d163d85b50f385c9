import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { useFreshDatabase } from "@tests/db";
import { createBackup } from "./create-backup.server";
import { BACKUP_TABLES, CONTENT_TABLES, isCoveredTable, listTables } from "./tables.server";

useFreshDatabase();

describe("the tables backups cover", () => {
  it("decide on every table the migrated database has, and on no table it lacks", async () => {
    const tables = await listTables(db());
    // A new table must be added to BACKUP_TABLES as content, ephemeral or local.
    expect(tables.filter((name) => !isCoveredTable(name))).toEqual([]);
    expect(Object.keys(BACKUP_TABLES).filter((name) => !tables.includes(name))).toEqual([]);
  });

  it("restore parents before the tables that point at them", () => {
    const before = (a: string, b: string) => CONTENT_TABLES.indexOf(a as never) < CONTENT_TABLES.indexOf(b as never);
    expect(before("horses", "winners")).toBe(true);
    expect(before("users", "accounts")).toBe(true);
    expect(before("users", "user_roles")).toBe(true);
  });

  it("stop a backup of a database holding a table nobody decided on", async () => {
    await sql`create table race_entries (id text primary key)`.execute(db());
    await expect(createBackup({ dir: process.env.DATA_DIR! })).rejects.toThrow(
      /tables that backups do not cover: race_entries\. Decide on them in app\/backup\/tables\.server\.ts/,
    );
  });
});
