import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache, settingsNotices } from "./env.server";
import {
  mediaStorage,
  objectStorage,
  privateMediaStorage,
  publicMediaStorage,
  publicMediaUrl,
} from "~/media/media-storage.server";
import { S3Storage } from "~/media/object-storage.server";
import { LocalDiskStorage } from "~/media/storage.server";

const root = path.resolve(import.meta.dirname, "../..");
const touched = new Set<string>();

function setEnv(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    touched.add(name);
    process.env[name] = value;
  }
  resetEnvCache();
}

afterEach(() => {
  for (const name of touched) delete process.env[name];
  touched.clear();
  resetEnvCache();
});

/** The message env() stops with for these values. */
function refusal(values: Record<string, string>): string {
  setEnv(values);
  try {
    env();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(values)}`);
}

describe("env()", () => {
  it("uses the documented defaults when nothing is set", () => {
    const config = env();
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATABASE_POOL_SIZE: 10,
      BUILD_DIR: "build",
      STABLE_BUILD_CHECK: "on",
      STABLE_TEST_ROUTES: "0",
      MAIL_FROM: "no-reply@localhost",
      UPLOAD_MAX_BYTES: 20 * 1024 * 1024,
      CONTACT_RATE_LIMIT: 5,
    });
    expect(config.TRUST_PROXY).toBeUndefined();
    expect(config.PUBLIC_ORIGIN).toBeUndefined();
    expect(config.BETTER_AUTH_SECRET).toBeUndefined();
  });

  it("turns numbers into numbers and treats an empty variable as unset", () => {
    setEnv({ DATABASE_POOL_SIZE: "25", PORT: "8080", TRUST_PROXY: "1", PUBLIC_ORIGIN: "" });
    expect(env()).toMatchObject({ DATABASE_POOL_SIZE: 25, PORT: 8080, TRUST_PROXY: "1" });
    expect(env().PUBLIC_ORIGIN).toBeUndefined();
  });

  it.each([
    ["DATABASE_POOL_SIZE", "ten", "must be a number of connections"],
    ["DATABASE_POOL_SIZE", "2.5", "must be a whole number of connections"],
    ["DATABASE_POOL_SIZE", "0", "must be at least 1"],
    ["PORT", "http", "must be a port number"],
    ["PORT", "70000", "must be between 0 and 65535"],
    ["NODE_ENV", "staging", "must be development, production or test"],
    ["TRUST_PROXY", "true", "true is refused"],
    ["SESSION_SECRET", "short", "must be at least 32 characters"],
    ["BETTER_AUTH_SECRET", "short", "must be at least 32 characters"],
    ["BACKUP_KEY", "too-short-to-sign-backups", "must be at least 32 characters"],
    ["DATABASE_URL", "mysql://db/stable", "must be a postgres:// or postgresql:// URL"],
    ["PUBLIC_ORIGIN", "stald.example", ""],
    ["SMTP_URL", "http://mail", "must be an smtp:// or smtps:// URL"],
    ["LOG_LEVEL", "loud", ""],
    ["UPLOAD_MAX_BYTES", "10", "must be at least 1024 bytes"],
    ["CONTACT_TO", "not an address", "must be a single e-mail address"],
    ["CONTACT_RATE_LIMIT", "-1", ""],
    ["BACKUP_KEEP", "0", "must be at least 1"],
    ["STABLE_BUILD_CHECK", "no", "must be on or off"],
    ["STABLE_TEST_ROUTES", "yes", "must be 0 or 1"],
  ])("refuses %s=%s, naming the variable", (name, value, reason) => {
    const message = refusal({ [name]: value });
    expect(message).toMatch(/^Invalid environment:\n/);
    expect(message).toContain(`  ${name}: ${reason}`);
  });

  it("names every bad variable at once", () => {
    const message = refusal({ PORT: "x", DATABASE_POOL_SIZE: "x" });
    expect(message).toContain("PORT: must be a port number");
    expect(message).toContain("DATABASE_POOL_SIZE: must be a number of connections");
  });

  it("refuses scheduled backups without a folder for them", () => {
    expect(refusal({ BACKUP_INTERVAL_HOURS: "24" })).toContain(
      "BACKUP_INTERVAL_HOURS: needs BACKUP_DIR, the folder scheduled backups are written to",
    );
  });
});

describe("`npm start` with a bad variable", () => {
  it("stops with the variable's name before it builds or listens", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-env-"));
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/start.ts"], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        PORT: "0",
        BUILD_DIR: "build-missing",
        DATABASE_POOL_SIZE: "many",
      },
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("DATABASE_POOL_SIZE: must be a number of connections");
    expect(fs.existsSync(path.join(root, "build-missing"))).toBe(false);
  });
});

const MEDIA = [
  "MEDIA_S3_BUCKET",
  "MEDIA_S3_ENDPOINT",
  "MEDIA_S3_REGION",
  "MEDIA_S3_FORCE_PATH_STYLE",
  "MEDIA_PUBLIC_URL",
  "MEDIA_S3_PRIVATE_BUCKET",
];

function withEnv(values: Record<string, string>) {
  for (const name of MEDIA) delete process.env[name];
  Object.assign(process.env, values);
  resetEnvCache();
}

afterEach(() => withEnv({}));

describe("media storage settings", () => {
  it("keeps media on the local disk when no bucket is named", () => {
    withEnv({});
    expect(objectStorage()).toBeNull();
    expect(publicMediaStorage()).toBeInstanceOf(LocalDiskStorage);
    expect(mediaStorage().open).toBe(publicMediaStorage());
    // Private photos in a folder of their own beside DATA_DIR/media, never inside it.
    const closed = privateMediaStorage();
    expect(closed).toBeInstanceOf(LocalDiskStorage);
    expect(path.basename((closed as LocalDiskStorage).root)).toBe("private-media");
    expect(mediaStorage().closed).toBe(closed);
    expect(publicMediaUrl("horse-images/a.jpg")).toBeNull();
    expect(settingsNotices()).toEqual([]);
  });

  it("uses the bucket when MEDIA_S3_BUCKET is set, with the other settings", () => {
    withEnv({
      MEDIA_S3_BUCKET: "stable-media",
      MEDIA_S3_ENDPOINT: "http://minio.internal:9000",
      MEDIA_S3_FORCE_PATH_STYLE: "true",
      MEDIA_PUBLIC_URL: "https://media.stald.example/",
    });
    expect(env().MEDIA_S3_FORCE_PATH_STYLE).toBe(true);
    const store = publicMediaStorage();
    expect(store).toBeInstanceOf(S3Storage);
    expect(store.describe()).toBe("s3://stable-media");
    expect(publicMediaStorage()).toBe(store);
    expect(mediaStorage()).toBe(mediaStorage());
    expect(publicMediaUrl("horse-images/a.jpg")).toBe("https://media.stald.example/horse-images/a.jpg");
    // No private bucket: no private storage at all (not one instance's disk).
    expect(privateMediaStorage()).toBeNull();
    expect(mediaStorage().describe()).toBe("s3://stable-media");
    // Said at start-up, so whoever runs the site knows before an administrator's upload is refused.
    expect(settingsNotices()).toEqual([expect.stringContaining("without MEDIA_S3_PRIVATE_BUCKET")]);
  });

  it("keeps private photos in a bucket of their own when MEDIA_S3_PRIVATE_BUCKET is set", () => {
    withEnv({ MEDIA_S3_BUCKET: "stable-media", MEDIA_S3_PRIVATE_BUCKET: "stable-private" });
    expect(privateMediaStorage()?.describe()).toBe("s3://stable-private");
    expect(mediaStorage().describe()).toBe("s3://stable-media (private photos: s3://stable-private)");
    expect(settingsNotices()).toEqual([]);
  });

  it("stops with the variable's name and the reason for a bad or incomplete setting", () => {
    for (const [values, message] of [
      [{ MEDIA_S3_BUCKET: "Stable_Media" }, "MEDIA_S3_BUCKET: must be a bucket name"],
      [{ MEDIA_S3_BUCKET: "stable-media", MEDIA_S3_ENDPOINT: "minio:9000" }, "MEDIA_S3_ENDPOINT: must be an http"],
      [
        { MEDIA_S3_BUCKET: "stable-media", MEDIA_S3_FORCE_PATH_STYLE: "yes" },
        "MEDIA_S3_FORCE_PATH_STYLE: must be true or false",
      ],
      [{ MEDIA_S3_ENDPOINT: "http://minio:9000" }, "MEDIA_S3_ENDPOINT: needs MEDIA_S3_BUCKET"],
      [{ MEDIA_PUBLIC_URL: "https://cdn.example" }, "MEDIA_PUBLIC_URL: needs MEDIA_S3_BUCKET"],
      [{ MEDIA_S3_PRIVATE_BUCKET: "stable-private" }, "MEDIA_S3_PRIVATE_BUCKET: needs MEDIA_S3_BUCKET"],
      [
        { MEDIA_S3_BUCKET: "stable-media", MEDIA_S3_PRIVATE_BUCKET: "stable-media" },
        "MEDIA_S3_PRIVATE_BUCKET: must be another bucket than MEDIA_S3_BUCKET",
      ],
    ] as const) {
      withEnv(values);
      expect(() => env(), JSON.stringify(values)).toThrow(message);
    }
  });
});
