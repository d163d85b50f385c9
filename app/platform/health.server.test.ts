import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { db, openPostgres, useDatabase } from "./db.server";
import { checkHealth } from "./health.server";

describe("checkHealth", () => {
  useFreshDatabase();

  it("reports ok while the database answers", async () => {
    expect(await checkHealth()).toEqual({ status: "ok", database: "ok", draining: false });
  });

  it("reports the database unreachable when it does not answer", async () => {
    const fresh = db();
    // Nothing listens on port 1: every query fails as with a database that went away.
    useDatabase(openPostgres("postgres://nobody@127.0.0.1:1/none"));
    await fresh.destroy();
    expect(await checkHealth()).toEqual({
      status: "unavailable",
      database: "unreachable",
      draining: false,
      reason: "database unreachable (ECONNREFUSED)",
    });
  });
});
