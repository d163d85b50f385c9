import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshBucketStorage, startS3Server, type TestS3Server } from "@tests/s3";
import { copyMedia } from "./media-migrate.server";
import { LocalDiskStorage, PrivateStorageMissingError, SiteMediaStorage, type Storage } from "./storage.server";

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
});

const newDisk = async () => new LocalDiskStorage(await fsp.mkdtemp(path.join(os.tmpdir(), "migrate-test-")));

async function contents(store: Storage) {
  const out: Record<string, string> = {};
  for (const file of await store.list("", { limit: 10_000 })) {
    const got = await store.get(file.key);
    const chunks: Buffer[] = [];
    for await (const c of got!.stream) chunks.push(c as Buffer);
    out[file.key] = Buffer.concat(chunks).toString();
  }
  return out;
}

describe("copyMedia", () => {
  it("moves a stable's media to the bucket and back, copying each file once however often it runs", async () => {
    const disk = await newDisk();
    await disk.put("horse-images/1-a.jpg", Buffer.from("original"));
    await disk.put("horse-images/1-a.w640.webp", Buffer.from("variant"));
    await disk.put("team-photos/2-b.png", Buffer.from("team"));
    const bucket = await freshBucketStorage(s3);

    expect(await copyMedia(disk, bucket)).toEqual({ copied: 3, unchanged: 0, bytes: 19 });
    expect(await contents(bucket)).toEqual(await contents(disk));

    // Again, after a new upload (the site still running on the disk): only the new file moves.
    await disk.put("winner-photos/3-c.jpg", Buffer.from("winner"));
    expect(await copyMedia(disk, bucket)).toEqual({ copied: 1, unchanged: 3, bytes: 6 });
    expect(await copyMedia(disk, bucket)).toEqual({ copied: 0, unchanged: 4, bytes: 0 });
    expect(await contents(disk)).toHaveProperty(["horse-images/1-a.jpg"], "original");

    const back = await newDisk();
    expect(await copyMedia(bucket, back)).toEqual({ copied: 4, unchanged: 0, bytes: 25 });
    expect(await contents(back)).toEqual(await contents(disk));
  });

  it("replaces a partial copy left by an interrupted run", async () => {
    const disk = await newDisk();
    await disk.put("horse-images/1-a.jpg", Buffer.from("the whole file"));
    const bucket = await freshBucketStorage(s3);
    await bucket.put("horse-images/1-a.jpg", Buffer.from("the wh"));
    expect(await copyMedia(disk, bucket)).toMatchObject({ copied: 1, unchanged: 0 });
    expect(await contents(bucket)).toEqual({ "horse-images/1-a.jpg": "the whole file" });
  });

  it("moves the private photos into the private bucket, never into the public one", async () => {
    const [disk, privateDisk] = [await newDisk(), await newDisk()];
    const from = new SiteMediaStorage(disk, privateDisk);
    await from.put("post-photos/1-a.jpg", Buffer.from("public"));
    await from.put("private/post-photos/2-b.jpg", Buffer.from("private"));
    const [open, closed] = [await freshBucketStorage(s3), await freshBucketStorage(s3)];
    expect(await copyMedia(from, new SiteMediaStorage(open, closed))).toMatchObject({ copied: 2 });
    expect(await contents(open)).toEqual({ "post-photos/1-a.jpg": "public" });
    expect(await contents(closed)).toEqual({ "post-photos/2-b.jpg": "private" });
    // A site with private photos cannot move to buckets without a private one: it stops, nothing is lost.
    await expect(copyMedia(from, new SiteMediaStorage(await freshBucketStorage(s3), null))).rejects.toThrow(
      PrivateStorageMissingError,
    );
    expect(await contents(privateDisk)).toEqual({ "post-photos/2-b.jpg": "private" });
  });
});
