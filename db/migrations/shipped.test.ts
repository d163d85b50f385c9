import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATION_NAMES } from "./migrator";

/**
 * A database that has run a migration refuses a pending one that sorts before it (Kysely applies
 * them in name order, as `Array.prototype.sort` orders names). `shipped.json` lists the migrations
 * that have reached a database outside development; a new one must sort after its last entry
 * (docs/decisions/0263-a-ledger-of-shipped-migrations.md).
 */

const dir = import.meta.dirname;
const ledger = JSON.parse(fs.readFileSync(path.join(dir, "shipped.json"), "utf8")) as { shipped: string[] };

/** Why a set of migrations cannot ship as it is, or nothing. */
export function migrationProblems({
  shipped,
  registered,
  files,
}: {
  shipped: readonly string[];
  registered: readonly string[];
  files: readonly string[];
}): string[] {
  const problems: string[] = [];
  const known = new Set(registered);
  shipped.forEach((name, i) => {
    if (i > 0 && !(shipped[i - 1]! < name)) problems.push(`shipped.json is not in order at ${name}`);
    if (!known.has(name)) problems.push(`${name} has shipped but is no longer registered: a shipped migration stays`);
  });
  const last = shipped.at(-1) ?? "";
  const done = new Set(shipped);
  for (const name of registered) {
    if (!/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) problems.push(`${name} is not named NNNN-what-it-does`);
    if (!done.has(name) && !(name > last)) {
      problems.push(
        `${name} sorts before ${last}, the last shipped migration: a database that ran that one refuses it; number it after ${last.slice(0, 4)}`,
      );
    }
  }
  for (const file of files) {
    if (!known.has(file)) problems.push(`db/migrations/${file}.ts is not registered in db/migrations/migrator.ts`);
  }
  return problems;
}

describe("migrations", () => {
  it("find a migration numbered below the last shipped one, a shipped one gone, and one not registered", () => {
    const shipped = ["0001-content", "0110-owner-all-horses-calendar"];
    expect(migrationProblems({ shipped, registered: [...shipped, "0120-invoices"], files: ["0120-invoices"] })).toEqual(
      [],
    );
    expect(
      migrationProblems({ shipped, registered: [...shipped, "0013-horse-note"], files: ["0013-horse-note"] }),
    ).toEqual([
      "0013-horse-note sorts before 0110-owner-all-horses-calendar, the last shipped migration: a database that ran that one refuses it; number it after 0110",
    ]);
    expect(migrationProblems({ shipped, registered: ["0001-content"], files: ["0120-invoices"] })).toEqual([
      "0110-owner-all-horses-calendar has shipped but is no longer registered: a shipped migration stays",
      "db/migrations/0120-invoices.ts is not registered in db/migrations/migrator.ts",
    ]);
    expect(migrationProblems({ shipped: [...shipped].reverse(), registered: shipped, files: [] })).toEqual([
      "shipped.json is not in order at 0001-content",
    ]);
  });

  it("are each registered, the shipped ones kept, and every new one numbered after the last shipped", () => {
    const files = fs
      .readdirSync(dir)
      .filter((name) => /^\d{4}-.*\.ts$/.test(name) && !/\.test\.ts$/.test(name))
      .map((name) => name.replace(/\.ts$/, ""));
    expect(ledger.shipped.length).toBeGreaterThan(0);
    expect(migrationProblems({ shipped: ledger.shipped, registered: MIGRATION_NAMES, files })).toEqual([]);
  });
});
