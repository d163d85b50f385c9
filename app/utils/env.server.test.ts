import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "./env.server";
import { mediaStorage, objectStorage, publicMediaUrl } from "./media-storage.server";
import { S3Storage } from "./object-storage.server";
import { LocalDiskStorage } from "./storage.server";

const MEDIA = [
  "MEDIA_S3_BUCKET",
  "MEDIA_S3_ENDPOINT",
  "MEDIA_S3_REGION",
  "MEDIA_S3_FORCE_PATH_STYLE",
  "MEDIA_PUBLIC_URL",
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
    expect(mediaStorage()).toBeInstanceOf(LocalDiskStorage);
    expect(publicMediaUrl("horse-images/a.jpg")).toBeNull();
  });

  it("uses the bucket when MEDIA_S3_BUCKET is set, with the other settings", () => {
    withEnv({
      MEDIA_S3_BUCKET: "stable-media",
      MEDIA_S3_ENDPOINT: "http://minio.internal:9000",
      MEDIA_S3_FORCE_PATH_STYLE: "true",
      MEDIA_PUBLIC_URL: "https://media.stald.example/",
    });
    expect(env().MEDIA_S3_FORCE_PATH_STYLE).toBe(true);
    const store = mediaStorage();
    expect(store).toBeInstanceOf(S3Storage);
    expect(store.describe()).toBe("s3://stable-media");
    expect(mediaStorage()).toBe(store);
    expect(publicMediaUrl("horse-images/a.jpg")).toBe("https://media.stald.example/horse-images/a.jpg");
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
    ] as const) {
      withEnv(values);
      expect(() => env(), JSON.stringify(values)).toThrow(message);
    }
  });
});
