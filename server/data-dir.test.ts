import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mountSmallDisk, type SmallDisk } from "@tests/small-disk";
import { dataDirProblem } from "./data-dir";

const root = path.resolve(import.meta.dirname, "..");
const mounts: SmallDisk[] = [];
afterEach(() => {
  for (const m of mounts.splice(0)) m.unmount();
});

/** `npm start` (server/start.ts) with the given DATA_DIR; it must stop before it builds or listens. */
function start(dataDir: string) {
  return spawnSync(process.execPath, ["--import", "tsx", "server/start.ts"], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", PORT: "0", BUILD_DIR: "build-missing" },
  });
}

/** A DATA_DIR this process cannot write: a read-only file system as root, a locked folder otherwise. */
function unwritableDir(): string {
  const readOnly = mountSmallDisk(64, { readOnly: true });
  if (readOnly) {
    mounts.push(readOnly);
    return path.join(readOnly.dir, "data");
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-locked-"));
  fs.chmodSync(dir, 0o500);
  return path.join(dir, "data");
}

describe("DATA_DIR at start-up", () => {
  it("accepts a directory it can write, creating it when missing", () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "stable-data-")), "nested", "data");
    expect(dataDirProblem(dir)).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("names the problem in one line", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "stable-data-")), "a-file");
    fs.writeFileSync(file, "");
    expect(dataDirProblem(path.join(file, "data"))).toBe(
      `DATA_DIR ${path.join(file, "data")} is not writable (part of the path is a file): set DATA_DIR to a directory this user can write.`,
    );
    expect(dataDirProblem(unwritableDir())).toMatch(
      /^DATA_DIR .* is not writable \((read-only file system|permission denied)\)/,
    );
  });

  it("`npm start` with an unwritable DATA_DIR stops with one clear line and status 1", () => {
    const dir = unwritableDir();
    const result = start(dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^DATA_DIR ${dir} is not writable \\(`))]);
  });
});
