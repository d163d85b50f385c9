import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshBucketStorage, startS3Server, type TestS3Server } from "@tests/s3";
import { ObjectStorageError, S3Storage } from "./object-storage.server";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { freePort } from "@tests/smtp";
import { faultOf } from "~/platform/faults.server";
import {
  isSiteMediaKey,
  keyFromMediaUrl,
  LocalDiskStorage,
  mediaUrl,
  normaliseKey,
  PrivateStorageMissingError,
  SiteMediaStorage,
  StoragePathError,
  type Storage,
} from "./storage.server";

describe("normaliseKey", () => {
  it("removes leading and trailing slashes and collapses repeated ones, as the spec says", () => {
    expect(normaliseKey("/horse-images/a.jpg")).toBe("horse-images/a.jpg");
    expect(normaliseKey("horse-images/a.jpg/")).toBe("horse-images/a.jpg");
    expect(normaliseKey("///horse-images////a.jpg//")).toBe("horse-images/a.jpg");
    expect(normaliseKey("team-photos/123-abc.w640.avif")).toBe("team-photos/123-abc.w640.avif");
  });

  for (const bad of [
    "../etc/passwd",
    "horse-images/../../etc/passwd",
    "horse-images/./a.jpg",
    "..",
    "",
    "///",
    "horse-images\\..\\a.jpg",
    "C:\\Windows\\win.ini",
    "C:/Windows/win.ini",
    "horse-images/a.jpg\0.png",
    "horse-images/%2e%2e/%2e%2e/etc/passwd",
    "%2e%2e%2fsecrets",
    "horse-images/..%2fsecrets",
    "horse-images/.tmp/x.part",
    "horse-images/.hidden",
    "horse-images/a b.jpg",
    "horse-images/ä.jpg",
    "horse-images/a.jpg?x=1",
  ]) {
    it(`refuses ${JSON.stringify(bad)}`, () => {
      expect(() => normaliseKey(bad)).toThrow(StoragePathError);
    });
  }

  it("maps /media/ URLs to keys and nothing else", () => {
    expect(mediaUrl("//winner-photos//x.webp")).toBe("/media/winner-photos/x.webp");
    expect(keyFromMediaUrl("/media/winner-photos/x.webp")).toBe("winner-photos/x.webp");
    expect(keyFromMediaUrl("/placeholder.svg")).toBeNull();
    expect(keyFromMediaUrl("https://cdn.example.com/media/x.jpg")).toBeNull();
    expect(keyFromMediaUrl("/media/../../etc/passwd")).toBeNull();
    expect(keyFromMediaUrl(null)).toBeNull();
  });

  it("maps private keys to /owners/media/ and back, and never a /media/ URL to a private key", () => {
    expect(mediaUrl("private/post-photos/1-aaaaaaaaaaaa.jpg")).toBe("/owners/media/post-photos/1-aaaaaaaaaaaa.jpg");
    expect(keyFromMediaUrl("/owners/media/post-photos/1-aaaaaaaaaaaa.w640.avif")).toBe(
      "private/post-photos/1-aaaaaaaaaaaa.w640.avif",
    );
    for (const url of [
      "/media/private/post-photos/1-aaaaaaaaaaaa.jpg",
      "/media/private",
      "/owners/media/private/post-photos/1-aaaaaaaaaaaa.jpg",
      "/owners/media/../media/post-photos/x.jpg",
    ])
      expect(keyFromMediaUrl(url), url).toBeNull();
    expect(isSiteMediaKey("private/post-photos/1-aaaaaaaaaaaa.og.jpg")).toBe(true);
    expect(isSiteMediaKey("private/private/post-photos/1-aaaaaaaaaaaa.jpg")).toBe(false);
    expect(isSiteMediaKey("private/horse-images/x.jpg")).toBe(false);
  });
});

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
});

/** An upload whose source fails after its first bytes. */
function failingSource() {
  return new Readable({
    read() {
      this.push(Buffer.from("partial"));
      this.destroy(new Error("source broke"));
    },
  });
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

// The same behaviour from both backends: the local disk, and a real S3-compatible server.
const backends: [string, () => Promise<Storage>][] = [
  [
    "local disk",
    async () => new LocalDiskStorage(path.join(await fsp.mkdtemp(path.join(os.tmpdir(), "storage-test-")), "media")),
  ],
  ["S3-compatible bucket", () => freshBucketStorage(s3)],
];

describe.each(backends)("storage on the %s", (_name, create) => {
  let store: Storage;
  beforeEach(async () => {
    store = await create();
  });

  it("puts, gets, lists, checks and deletes", async () => {
    await store.put("/horse-images//b.jpg", Buffer.from("bbb"));
    const put = await store.put("horse-images/a.jpg", Readable.from([Buffer.from("a"), Buffer.from("aa")]));
    expect(put).toMatchObject({ key: "horse-images/a.jpg", size: 3 });
    await store.put("team-photos/c.jpg", Buffer.from("c"));
    expect(await readAll((await store.get("horse-images/b.jpg"))!.stream)).toBe("bbb");
    const got = await store.get("horse-images/a.jpg");
    expect(got?.size).toBe(3);
    expect(got?.modifiedAt.getTime()).toBe(put.modifiedAt.getTime());
    expect(await readAll(got!.stream)).toBe("aaa");
    expect((await store.list("horse-images/")).map((f) => f.key)).toEqual(["horse-images/a.jpg", "horse-images/b.jpg"]);
    expect((await store.list("")).map((f) => f.key)).toEqual([
      "horse-images/a.jpg",
      "horse-images/b.jpg",
      "team-photos/c.jpg",
    ]);
    expect((await store.list("horse-images/b")).map((f) => f.key)).toEqual(["horse-images/b.jpg"]);
    expect((await store.list("winner-photos/")).map((f) => f.key)).toEqual([]);
    expect(await store.exists("horse-images/a.jpg")).toBe(true);
    await store.delete("horse-images/a.jpg");
    await store.delete("horse-images/a.jpg");
    expect(await store.exists("horse-images/a.jpg")).toBe(false);
    expect(await store.get("horse-images/a.jpg")).toBeNull();
    expect(await store.get("horse-images")).toBeNull();
  });

  it("lists 100 at a time from offset 0 by default, sorted by name", async () => {
    for (let i = 0; i < 130; i++) await store.put(`team-photos/${String(i).padStart(3, "0")}.jpg`, Buffer.from("x"));
    const first = await store.list("team-photos/");
    expect(first).toHaveLength(100);
    expect(first[0]!.key).toBe("team-photos/000.jpg");
    const rest = await store.list("team-photos/", { offset: 100 });
    expect(rest.map((f) => f.key)).toEqual(
      Array.from({ length: 30 }, (_, i) => `team-photos/${String(100 + i).padStart(3, "0")}.jpg`),
    );
    expect((await store.list("team-photos/", { offset: 10, limit: 2 })).map((f) => f.key)).toEqual([
      "team-photos/010.jpg",
      "team-photos/011.jpg",
    ]);
  });

  it("stores nothing when the source fails, and says it was the source", async () => {
    await expect(store.put("horse-images/x.jpg", failingSource())).rejects.toThrow("source broke");
    expect(await store.exists("horse-images/x.jpg")).toBe(false);
    await store.put("horse-images/x.jpg", Buffer.from("whole"));
    expect(await store.list("")).toHaveLength(1);
    expect(await store.staleTemporaryFiles(0)).toEqual([]);
  });

  it("refuses every key that could leave its root", async () => {
    for (const key of [
      "../secret.txt",
      "/../secret.txt",
      "horse-images/../../secret.txt",
      "%2e%2e/secret.txt",
      "..\\secret.txt",
    ]) {
      await expect(store.get(key)).rejects.toThrow(StoragePathError);
      await expect(store.put(key, Buffer.from("x"))).rejects.toThrow(StoragePathError);
      await expect(store.delete(key)).rejects.toThrow(StoragePathError);
      await expect(store.exists(key)).rejects.toThrow(StoragePathError);
    }
    expect(await store.list("")).toEqual([]);
  });

  it("treats a leading-slash key as relative to the root, never as an absolute path", async () => {
    await store.put("/etc/passwd", Buffer.from("not the real one"));
    expect(await readAll((await store.get("etc/passwd"))!.stream)).toBe("not the real one");
    expect((await store.list("")).map((f) => f.key)).toEqual(["etc/passwd"]);
  });
});

describe.each([
  ["local disk", backends[0]![1], backends[0]![1]],
  ["S3-compatible buckets", backends[1]![1], backends[1]![1]],
] as const)("the site's media, public and private, on the %s", (_name, createOpen, createClosed) => {
  it("keeps private keys in the private storage only, and lists both as one, in key order", async () => {
    const [open, closed] = [await createOpen(), await createClosed()];
    const media = new SiteMediaStorage(open, closed);
    await media.put("post-photos/1.jpg", Buffer.from("public"));
    const put = await media.put("private/post-photos/2.jpg", Buffer.from("private"));
    expect(put.key).toBe("private/post-photos/2.jpg");
    await media.put("team-photos/3.jpg", Buffer.from("t"));
    // Each file where it belongs: nothing private in the public storage, under any name.
    expect((await open.list("")).map((f) => f.key)).toEqual(["post-photos/1.jpg", "team-photos/3.jpg"]);
    expect((await closed.list("")).map((f) => f.key)).toEqual(["post-photos/2.jpg"]);
    expect(await open.exists("post-photos/2.jpg")).toBe(false);
    expect(await open.exists("private/post-photos/2.jpg")).toBe(false);
    expect(await readAll((await media.get("private/post-photos/2.jpg"))!.stream)).toBe("private");
    expect(await media.get("post-photos/2.jpg")).toBeNull();
    expect((await media.list("")).map((f) => f.key)).toEqual([
      "post-photos/1.jpg",
      "private/post-photos/2.jpg",
      "team-photos/3.jpg",
    ]);
    expect((await media.list("", { offset: 1, limit: 1 })).map((f) => f.key)).toEqual(["private/post-photos/2.jpg"]);
    expect((await media.list("private/post-photos/2.")).map((f) => f.key)).toEqual(["private/post-photos/2.jpg"]);
    expect((await media.list("post-photos/")).map((f) => f.key)).toEqual(["post-photos/1.jpg"]);
    await media.delete("private/post-photos/2.jpg");
    expect(await media.exists("private/post-photos/2.jpg")).toBe(false);
    expect(await open.exists("post-photos/1.jpg")).toBe(true);
  });

  it("without a private storage, private keys are never there and cannot be written", async () => {
    const media = new SiteMediaStorage(await createOpen(), null);
    await expect(media.put("private/post-photos/2.jpg", Buffer.from("x"))).rejects.toThrow(PrivateStorageMissingError);
    expect(await media.get("private/post-photos/2.jpg")).toBeNull();
    expect(await media.exists("private/post-photos/2.jpg")).toBe(false);
    expect(await media.list("")).toEqual([]);
  });
});

describe("LocalDiskStorage", () => {
  let root: string;
  let store: LocalDiskStorage;
  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), "storage-test-"));
    store = new LocalDiskStorage(path.join(root, "media"));
  });

  it("keeps files under its root by key", async () => {
    await store.put("/horse-images//b.jpg", Buffer.from("bbb"));
    await store.put("/etc/passwd", Buffer.from("not the real one"));
    expect(fs.readFileSync(path.join(root, "media/horse-images/b.jpg"), "utf8")).toBe("bbb");
    expect(fs.readFileSync(path.join(root, "media/etc/passwd"), "utf8")).toBe("not the real one");
  });

  it("writes to a temporary name and renames, leaving nothing behind when the source fails", async () => {
    await expect(store.put("horse-images/x.jpg", failingSource())).rejects.toThrow("source broke");
    expect(fs.readdirSync(store.tmpDir())).toEqual([]);
    // Many at once: a source failing before its file is open leaves nothing behind either.
    const puts = Array.from({ length: 40 }, (_, i) => store.put(`horse-images/x${i}.jpg`, failingSource()));
    expect((await Promise.allSettled(puts)).every((p) => p.status === "rejected")).toBe(true);
    expect(fs.readdirSync(store.tmpDir())).toEqual([]);
    await store.put("horse-images/x.jpg", Buffer.from("whole"));
    expect(fs.readdirSync(store.tmpDir())).toEqual([]);
  });

  it("never touches files outside its root", async () => {
    await fsp.writeFile(path.join(root, "secret.txt"), "secret");
    await expect(store.put("../secret.txt", Buffer.from("x"))).rejects.toThrow(StoragePathError);
    await expect(store.delete("../secret.txt")).rejects.toThrow(StoragePathError);
    expect(fs.readFileSync(path.join(root, "secret.txt"), "utf8")).toBe("secret");
    expect(fs.existsSync(path.join(root, "x"))).toBe(false);
  });
});

describe("S3Storage", () => {
  it("keeps each file as an object under its key, with its type and a year's caching", async () => {
    const store = await freshBucketStorage(s3);
    await store.put("/horse-images//b.webp", Buffer.from("bbb"));
    const head = await (
      await store.client()
    ).send(new HeadObjectCommand({ Bucket: store.bucket, Key: "horse-images/b.webp" }));
    expect(head.ContentType).toBe("image/webp");
    expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
  });

  it("reports an unreachable or missing bucket as an object-storage fault, never as a missing file", async () => {
    const down = new S3Storage({
      bucket: "stable-media",
      endpoint: `http://127.0.0.1:${await freePort()}`,
      forcePathStyle: true,
      credentials: { accessKeyId: "x", secretAccessKey: "y" },
    });
    const missingBucket = new S3Storage({ ...optionsOf(s3), bucket: "no-such-bucket" });
    for (const store of [down, missingBucket]) {
      for (const attempt of [
        () => store.put("horse-images/a.jpg", Buffer.from("a")),
        () => store.get("horse-images/a.jpg"),
        () => store.list(""),
        // A HEAD answer has no body: a missing bucket looks like a missing file there, so only a down server counts.
        ...(store === down ? [() => store.exists("horse-images/a.jpg")] : []),
      ]) {
        const error = await attempt().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ObjectStorageError);
        expect(faultOf(error)).toEqual({ kind: "object-storage-unavailable", code: "OBJECT_STORAGE_UNAVAILABLE" });
      }
    }
  });
});

function optionsOf(server: TestS3Server) {
  return {
    bucket: server.bucket,
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: server.env.AWS_ACCESS_KEY_ID!, secretAccessKey: server.env.AWS_SECRET_ACCESS_KEY! },
  };
}
