import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { failureText, faultOf, noteFault, recordingFaults } from "./faults.server";
import { ObjectStorageError } from "~/media/object-storage.server";

/** An error as Node's file system raises it. */
const systemError = (code: string, syscall = "write") =>
  Object.assign(new Error(`${code}: ${syscall}`), { code, syscall, errno: -1 });

describe("faultOf", () => {
  it("tells an unreachable media bucket from the database, though both fail with network codes", () => {
    const refused = systemError("ECONNREFUSED", "connect");
    expect(faultOf(new ObjectStorageError("read horse-images/a.jpg", refused))).toEqual({
      kind: "object-storage-unavailable",
      code: "OBJECT_STORAGE_UNAVAILABLE",
    });
    expect(failureText("Failed to add horse", faultOf(new ObjectStorageError("list", refused)))).toBe(
      "Failed to add horse. The photo storage cannot be reached right now. Please try again in a moment.",
    );
    expect(faultOf(refused)?.kind).toBe("database-unavailable");
  });

  it("recognises a database server that cannot be reached (a real refused connection)", async () => {
    const client = new pg.Client({ connectionString: "postgres://nobody@127.0.0.1:1/none" });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(faultOf(error)).toEqual({ kind: "database-unavailable", code: "ECONNREFUSED" });
  });

  it("recognises PostgreSQL's own words for a lost or refused connection", () => {
    const terminated = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    expect(faultOf(terminated)).toEqual({ kind: "database-unavailable", code: "57P01" });
    expect(faultOf(new Error("Connection terminated unexpectedly"))?.kind).toBe("database-unavailable");
    const refused = Object.assign(new Error('database "x" is not currently accepting connections'), { code: "55000" });
    expect(faultOf(refused)).toEqual({ kind: "database-unavailable", code: "55000" });
  });

  it("looks through wrappers: a library's error with a cause, one error per address tried", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(faultOf(new Error("Failed to get session", { cause }))?.code).toBe("ECONNREFUSED");
    expect(faultOf(new AggregateError([new Error("x"), cause]))?.code).toBe("ECONNREFUSED");
  });

  it("recognises a busy and a full SQLite database (real errors from SQLite)", () => {
    const file = path.join(process.env.DATA_DIR!, `faults-${Date.now()}.db`);
    const a = new SQLite(file);
    const b = new SQLite(file, { timeout: 0 });
    try {
      a.exec("create table t (v text)");
      a.exec("begin immediate");
      let busy: unknown;
      try {
        b.exec("begin immediate");
      } catch (error) {
        busy = error;
      }
      expect(faultOf(busy)).toEqual({ kind: "database-unavailable", code: "SQLITE_BUSY" });
      a.exec("commit");

      // A database that may not grow is full, as one on a full disk is.
      const pages = a.pragma("page_count", { simple: true }) as number;
      a.pragma(`max_page_count = ${pages}`);
      let full: unknown;
      try {
        a.prepare("insert into t values (?)").run("x".repeat(64 * 1024));
      } catch (error) {
        full = error;
      }
      expect(faultOf(full)).toEqual({ kind: "disk-full", code: "SQLITE_FULL" });
    } finally {
      a.close();
      b.close();
      fs.rmSync(file, { force: true });
    }
  });

  it("sorts file system errors into a full disk and storage that cannot be used", () => {
    expect(faultOf(systemError("ENOSPC"))).toEqual({ kind: "disk-full", code: "ENOSPC" });
    expect(faultOf(systemError("EDQUOT"))?.kind).toBe("disk-full");
    for (const code of ["EACCES", "EROFS", "EMFILE", "ENFILE", "EIO"]) {
      expect(faultOf(systemError(code, "open"))).toEqual({ kind: "storage-unavailable", code });
    }
  });

  it("leaves programming errors and bad input alone", () => {
    expect(faultOf(new TypeError("Cannot read properties of undefined"))).toBeNull();
    expect(faultOf(Object.assign(new Error("syntax error at or near"), { code: "42601" }))).toBeNull();
    expect(faultOf(Object.assign(new Error("no such table: horses"), { code: "SQLITE_ERROR" }))).toBeNull();
    expect(faultOf(systemError("ENOENT", "open"))).toBeNull();
    expect(faultOf("a string")).toBeNull();
    expect(faultOf(undefined)).toBeNull();
  });
});

describe("failureText", () => {
  it("adds the reason to the spec's text only for a fault", () => {
    expect(failureText("Failed to add horse", { kind: "disk-full", code: "ENOSPC" })).toBe(
      "Failed to add horse. The server's disk is full.",
    );
    expect(failureText("Failed to add horse", null)).toBe("Failed to add horse");
  });
});

describe("recordingFaults", () => {
  it("reports the first fault noted while the request ran, and only that request's", async () => {
    const outside = noteFault(systemError("ENOSPC"));
    expect(outside?.kind).toBe("disk-full");
    const quiet = await recordingFaults(async () => "page");
    expect(quiet).toEqual({ value: "page", fault: undefined });
    const failing = await recordingFaults(async () => {
      await new Promise((r) => setImmediate(r));
      noteFault(new TypeError("a bug is not a fault"));
      noteFault(new Error("Connection terminated unexpectedly"));
      noteFault(systemError("ENOSPC"));
      return "error page";
    });
    expect(failing.value).toBe("error page");
    expect(failing.fault?.kind).toBe("database-unavailable");
  });
});
