import fsp from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { plainJpeg } from "@tests/images";
import { s3StorageFor, setMediaS3Env, startS3Server, type TestS3Server } from "@tests/s3";
import { freePort } from "@tests/smtp";
import { env, resetEnvCache } from "~/platform/env.server";
import { faultOf } from "~/platform/faults.server";
import { variantUrl } from "~/media/image";
import { storeImage, storedFilesOf, removeImage, replaceImage } from "~/media/images.server";
import { storage } from "~/media/storage.server";
import { storedPostPhoto } from "@tests/posts";
import { mediaRouter } from "./media";

// Image processing is CPU-bound; give it room on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(mediaRouter);
  app.use((_req, res) => res.status(418).send("fell through"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Something outside the media root that a traversal would like to read.
  await fsp.writeFile(path.join(env().dataDir, "stable.secret"), "top secret");
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A raw request: the path goes on the wire exactly as written (fetch would normalise '..'). */
function raw(method: string, requestPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const url = new URL(base);
    const req = http.request({ host: url.hostname, port: url.port, method, path: requestPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function upload(width = 700, height = 500) {
  const file = path.join(env().dataDir, `src-${Math.random().toString(16).slice(2)}.jpg`);
  await fsp.writeFile(file, await plainJpeg(width, height));
  return storeImage("horse-images", { path: file });
}

describe("GET /media/*", () => {
  it("serves the original and the variants with their types, a year of immutable caching and nosniff", async () => {
    const image = await upload();
    for (const [url, type] of [
      [image.url, "image/jpeg"],
      [variantUrl(image.url, 640, "avif"), "image/avif"],
      [variantUrl(image.url, 700, "webp"), "image/webp"],
    ] as const) {
      const res = await raw("GET", url);
      expect(res.status, url).toBe(200);
      expect(res.headers["content-type"]).toBe(type);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      const stored = await storage().get(url.slice("/media/".length));
      expect(res.body.length).toBe(stored!.size);
      expect(res.headers["content-length"]).toBe(String(stored!.size));
      stored!.stream.destroy();
    }
  });

  it("answers HEAD with the headers and no body, and a matching ETag with 304", async () => {
    const image = await upload(300, 200);
    const head = await raw("HEAD", image.url);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.headers["content-type"]).toBe("image/jpeg");
    const again = await raw("GET", image.url, { "if-none-match": String(head.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("gives 404 for a missing file and for a URL that is not an image", async () => {
    expect((await raw("GET", "/media/horse-images/nope.jpg")).status).toBe(404);
    expect((await raw("GET", "/media/horse-images/")).status).toBe(404);
    expect((await raw("GET", "/media/")).status).toBe(404);
    expect((await raw("GET", "/media")).status).toBe(404);
    await storage().put("horse-images/page.html", Buffer.from("<script>alert(1)</script>"));
    const html = await raw("GET", "/media/horse-images/page.html");
    expect(html.status).toBe(404);
    expect(html.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("refuses every traversal attempt", async () => {
    for (const attempt of [
      "/media/../stable.secret",
      "/media/horse-images/../../stable.secret",
      "/media/%2e%2e/stable.secret",
      "/media/horse-images/%2e%2e%2f%2e%2e%2fstable.secret",
      "/media/..%2fstable.secret",
      "/media/..%5cstable.secret",
      "/media/horse-images/..\\..\\stable.secret",
      "/media/%00/stable.secret",
      "/media//etc/passwd",
      "/media/.tmp/anything.jpg",
    ]) {
      const res = await raw("GET", attempt);
      expect(res.status, attempt).not.toBe(200);
      expect(res.body.toString(), attempt).not.toContain("top secret");
    }
  });

  it("never follows a symbolic link placed in the media folder, to a file or to a folder", async () => {
    const outside = path.join(env().dataDir, "outside");
    await fsp.mkdir(outside, { recursive: true });
    await fsp.writeFile(path.join(outside, "leak.jpg"), "top secret");
    const bucket = path.join(storage().root, "horse-images");
    await fsp.mkdir(bucket, { recursive: true });
    await fsp.symlink(path.join(env().dataDir, "stable.secret"), path.join(bucket, "secret.jpg"));
    await fsp.symlink(outside, path.join(bucket, "linked"));
    await fsp.symlink(outside, path.join(storage().root, "team-photos"));
    for (const url of [
      "/media/horse-images/secret.jpg",
      "/media/horse-images/linked/leak.jpg",
      "/media/team-photos/leak.jpg",
    ]) {
      const res = await raw("GET", url);
      expect(res.status, url).toBe(404);
      expect(res.body.toString(), url).not.toContain("top secret");
    }
  });

  it("never serves a private photo, under its own name or under private/", async () => {
    const photo = await storedPostPhoto({ private: true });
    const name = photo.url.slice("/owners/media/".length);
    for (const url of [`/media/${name}`, `/media/private/${name}`, `/media/private/${variantUrl(name, 320, "webp")}`]) {
      const res = await raw("GET", url);
      expect([url, res.status]).toEqual([url, 404]);
      expect(res.body.toString()).toBe("Not Found");
    }
  });

  it("refuses methods other than GET and HEAD", async () => {
    const image = await upload(300, 200);
    const res = await raw("DELETE", image.url);
    expect(res.status).toBe(405);
    expect(await storage().exists(image.url.slice("/media/".length))).toBe(true);
  });

  it("leaves other paths to the next handler", async () => {
    expect((await raw("GET", "/mediafile.jpg")).status).toBe(418);
    expect((await raw("GET", "/horses")).status).toBe(418);
  });

  it("after a replacement serves the new image and no longer the old one", async () => {
    const old = await upload(400, 300);
    const file = path.join(env().dataDir, "new.jpg");
    await fsp.writeFile(file, await plainJpeg(500, 300));
    const fresh = await replaceImage(
      { bucket: "horse-images", upload: { path: file }, oldUrl: old.url },
      async (image) => image!,
    );
    expect((await raw("GET", fresh.url)).status).toBe(200);
    expect((await raw("GET", variantUrl(fresh.url, 320, "webp"))).status).toBe(200);
    expect((await raw("GET", old.url)).status).toBe(404);
    expect((await raw("GET", variantUrl(old.url, 320, "avif"))).status).toBe(404);
    await removeImage(fresh.url);
    expect((await raw("GET", fresh.url)).status).toBe(404);
  });
});

describe("storage that cannot be used right now", () => {
  it("answers 503 with Retry-After when no file can be opened (too many open files)", async () => {
    const emfile = Object.assign(new Error("EMFILE: too many open files, open"), { code: "EMFILE", syscall: "open" });
    const spy = vi.spyOn(storage(), "get").mockRejectedValue(emfile);
    try {
      const res = await raw("GET", "/media/horse-images/1-abc.jpg");
      expect(res.status).toBe(503);
      expect(res.headers["retry-after"]).toMatch(/^\d+$/);
      expect(res.headers["cache-control"]).toBe("no-store");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("GET /media/* with the media in an S3-compatible bucket", () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
    setMediaS3Env(s3);
  });
  afterAll(async () => {
    setMediaS3Env(null);
    await s3.close();
  });

  it("stores every file in the bucket and serves it from there with the same headers", async () => {
    const image = await upload(700, 500);
    const bucket = s3StorageFor(s3);
    const keys = (await bucket.list("horse-images/")).map((f) => f.key);
    // The original and every variant, none on the disk.
    expect(keys.length).toBeGreaterThan(4);
    expect(keys.sort()).toEqual((await storedFilesOf(image.url)).sort());
    for (const key of keys) expect(await storage().exists(key)).toBe(false);
    for (const [url, type] of [
      [image.url, "image/jpeg"],
      [variantUrl(image.url, 640, "avif"), "image/avif"],
    ] as const) {
      const res = await raw("GET", url);
      expect(res.status, url).toBe(200);
      expect(res.headers["content-type"]).toBe(type);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      const stored = await bucket.get(url.slice("/media/".length));
      const chunks: Buffer[] = [];
      for await (const c of stored!.stream) chunks.push(c as Buffer);
      expect(res.body.equals(Buffer.concat(chunks))).toBe(true);
      const again = await raw("GET", url, { "if-none-match": String(res.headers.etag) });
      expect(again.status).toBe(304);
    }
    await removeImage(image.url);
    expect(await bucket.list("horse-images/")).toEqual([]);
    expect((await raw("GET", image.url)).status).toBe(404);
  });

  it("answers 503 while the bucket cannot be reached, and an upload then stores nothing", async () => {
    const image = await upload(300, 200);
    const before = (await s3StorageFor(s3).list("", { limit: 1000 })).map((f) => f.key);
    process.env.MEDIA_S3_ENDPOINT = `http://127.0.0.1:${await freePort()}`;
    resetEnvCache();
    try {
      const res = await raw("GET", image.url);
      expect(res.status).toBe(503);
      expect(res.headers["retry-after"]).toBe("10");
      expect(res.headers["cache-control"]).toBe("no-store");
      const error = await upload(300, 200).catch((e: unknown) => e);
      expect(faultOf(error)?.kind).toBe("object-storage-unavailable");
    } finally {
      setMediaS3Env(s3);
    }
    // Only the first image is there: nothing of the failed upload was left behind.
    expect((await s3StorageFor(s3).list("", { limit: 1000 })).map((f) => f.key)).toEqual(before);
    expect(before).toEqual(expect.arrayContaining(await storedFilesOf(image.url)));
  });

  it("sends browsers to MEDIA_PUBLIC_URL when the media sit behind a CDN or public bucket", async () => {
    process.env.MEDIA_PUBLIC_URL = "https://media.stald.example/stable-media/";
    resetEnvCache();
    try {
      const res = await raw("GET", "/media/horse-images/1-abc.w640.webp");
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe("https://media.stald.example/stable-media/horse-images/1-abc.w640.webp");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect((await raw("GET", "/media/../stable.secret")).status).toBe(404);
      // Private photos are never sent to the CDN's address.
      expect((await raw("GET", "/media/private/post-photos/1-aaaaaaaaaaaa.jpg")).status).toBe(404);
    } finally {
      delete process.env.MEDIA_PUBLIC_URL;
      resetEnvCache();
    }
  });
});
