import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { beforeEach, describe, expect, it } from "vitest";
import { keyFromMediaUrl, LocalDiskStorage, mediaUrl, normaliseKey, StoragePathError } from "./storage.server";

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
});

describe("LocalDiskStorage", () => {
  let root: string;
  let store: LocalDiskStorage;
  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), "storage-test-"));
    store = new LocalDiskStorage(path.join(root, "media"));
  });

  it("puts, gets, lists, checks and deletes", async () => {
    await store.put("/horse-images//b.jpg", Buffer.from("bbb"));
    await store.put("horse-images/a.jpg", Readable.from([Buffer.from("a"), Buffer.from("aa")]));
    await store.put("team-photos/c.jpg", Buffer.from("c"));
    expect(fs.readFileSync(path.join(root, "media/horse-images/b.jpg"), "utf8")).toBe("bbb");
    const got = await store.get("horse-images/a.jpg");
    expect(got?.size).toBe(3);
    const chunks: Buffer[] = [];
    for await (const c of got!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("aaa");
    expect((await store.list("horse-images/")).map((f) => f.key)).toEqual(["horse-images/a.jpg", "horse-images/b.jpg"]);
    expect((await store.list("")).map((f) => f.key)).toEqual([
      "horse-images/a.jpg",
      "horse-images/b.jpg",
      "team-photos/c.jpg",
    ]);
    expect((await store.list("horse-images/b")).map((f) => f.key)).toEqual(["horse-images/b.jpg"]);
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
  });

  it("writes to a temporary name and renames, leaving nothing behind when the source fails", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from("partial"));
        this.destroy(new Error("source broke"));
      },
    });
    await expect(store.put("horse-images/x.jpg", failing)).rejects.toThrow("source broke");
    expect(await store.exists("horse-images/x.jpg")).toBe(false);
    expect(fs.readdirSync(store.tmpDir())).toEqual([]);
    await store.put("horse-images/x.jpg", Buffer.from("whole"));
    expect(fs.readdirSync(store.tmpDir())).toEqual([]);
    expect(await store.list("")).toHaveLength(1);
  });

  it("never reaches outside its root, whatever the key", async () => {
    await fsp.writeFile(path.join(root, "secret.txt"), "secret");
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
    expect(fs.readFileSync(path.join(root, "secret.txt"), "utf8")).toBe("secret");
    expect(fs.existsSync(path.join(root, "x"))).toBe(false);
  });

  it("treats a leading-slash key as relative to the root, never as an absolute path", async () => {
    await store.put("/etc/passwd", Buffer.from("not the real one"));
    expect(fs.readFileSync(path.join(root, "media/etc/passwd"), "utf8")).toBe("not the real one");
  });
});
