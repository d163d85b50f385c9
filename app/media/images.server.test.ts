import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { heicHeader, jpegWithExif, plainJpeg, solid, SVG } from "@tests/images";
import { env } from "~/platform/env.server";
import { socialCardUrl, stemOfStoredFile, variantUrl, variantWidths } from "./image";
import {
  IMAGE_MESSAGES,
  ImageError,
  MAX_IMAGE_PIXELS,
  removeImage,
  replaceImage,
  sniffImage,
  storeImage,
  storedFilesOf,
} from "./images.server";
import { keyFromMediaUrl, LocalDiskStorage, storage, type Storage } from "./storage.server";
import { uploadTmpDir, withUploadedForm } from "./upload.server";

// Image processing is CPU-bound; give it room on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const mediaRoot = () => path.join(env().dataDir, "media");

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

beforeEach(async () => {
  await fsp.rm(mediaRoot(), { recursive: true, force: true });
  await fsp.rm(uploadTmpDir(), { recursive: true, force: true });
});

/** A browser-like multipart request carrying one file in the field "image". */
function uploadRequest(content: Buffer, filename: string, type: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append("image", new File([new Uint8Array(content)], filename, { type }));
  return new Request("http://localhost/admin/horses", { method: "POST", body: form });
}

/** Sends the file through the whole chain an action uses: parse the request, then store. */
async function submit(content: Buffer, filename: string, type: string) {
  return withUploadedForm(uploadRequest(content, filename, type), async (form) => {
    const upload = form.file("image");
    if (!upload) throw new Error("no file arrived");
    return storeImage("horse-images", upload, { field: "image" });
  });
}

async function tempFile(content: Buffer) {
  const dir = await fsp.mkdtemp(path.join(env().dataDir, "src-"));
  const file = path.join(dir, "upload");
  await fsp.writeFile(file, content);
  return file;
}

describe("refused files", () => {
  const truncate = async () => {
    const jpeg = await plainJpeg(800, 600);
    return jpeg.subarray(0, Math.floor(jpeg.length / 2));
  };
  const corrupt = async () => {
    const png = await solid(300, 200).png().toBuffer();
    const bad = Buffer.from(png);
    // Keep the signature and header chunk, wreck the image data.
    bad.fill(0x41, 40, bad.length - 20);
    return bad;
  };
  const cases: Array<[string, () => Promise<Buffer>, string, string, string]> = [
    ["an SVG drawing", async () => SVG, "logo.svg", "image/svg+xml", IMAGE_MESSAGES.svg],
    ["an SVG renamed .jpg", async () => SVG, "photo.jpg", "image/jpeg", IMAGE_MESSAGES.svg],
    ["an iPhone HEIC photo", async () => heicHeader(), "IMG_0001.HEIC", "image/heic", IMAGE_MESSAGES.heic],
    ["a GIF", () => solid(20, 20).gif().toBuffer(), "anim.gif", "image/gif", IMAGE_MESSAGES.gif],
    ["a TIFF", () => solid(20, 20).tiff().toBuffer(), "scan.tiff", "image/tiff", IMAGE_MESSAGES.tiff],
    [
      "a PDF",
      async () => Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"),
      "doc.pdf",
      "application/pdf",
      IMAGE_MESSAGES.pdf,
    ],
    [
      "a text file renamed .jpg",
      async () => Buffer.from("hello, this is not a photo\n".repeat(20)),
      "photo.jpg",
      "image/jpeg",
      IMAGE_MESSAGES.notImage,
    ],
    [
      "an HTML page renamed .png",
      async () => Buffer.from("<html><script>alert(1)</script></html>"),
      "x.png",
      "image/png",
      IMAGE_MESSAGES.notImage,
    ],
    ["an empty file", async () => Buffer.alloc(0), "empty.jpg", "image/jpeg", IMAGE_MESSAGES.empty],
    ["a truncated JPEG", truncate, "half.jpg", "image/jpeg", IMAGE_MESSAGES.damaged],
    ["a PNG with wrecked image data", corrupt, "broken.png", "image/png", IMAGE_MESSAGES.damaged],
    [
      "a JPEG header with nothing after it",
      async () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
      "stub.jpg",
      "image/jpeg",
      IMAGE_MESSAGES.damaged,
    ],
    [
      "a decompression bomb (a tiny PNG of 64 megapixels)",
      () => solid(8000, 8000).png({ compressionLevel: 9 }).toBuffer(),
      "bomb.png",
      "image/png",
      IMAGE_MESSAGES.tooManyPixels(8000, 8000),
    ],
  ];

  for (const [what, make, filename, type, message] of cases) {
    it(`refuses ${what} with a specific message, storing nothing and leaving no temporary file`, async () => {
      const content = await make();
      const error = await submit(content, filename, type).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImageError);
      expect((error as ImageError).message).toBe(message);
      expect((error as ImageError).field).toBe("image");
      expect(filesUnder(mediaRoot())).toEqual([]);
      expect(filesUnder(uploadTmpDir())).toEqual([]);
    });
  }

  it("the bomb guard matches the documented limit", () => {
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    expect(IMAGE_MESSAGES.tooManyPixels(8000, 8000)).toContain(
      "8000 × 8000 pixels (64 megapixels). The limit is 50 megapixels",
    );
  });

  it("recognises AVIF and HEIC by their brands, not by name", async () => {
    const avif = await solid(16, 16).avif().toBuffer();
    expect(sniffImage(avif)).toEqual({ format: "avif" });
    expect(sniffImage(heicHeader())).toEqual({ refused: "heic" });
  });
});

describe("accepted formats", () => {
  for (const [format, make] of [
    ["png", () => solid(700, 500).png().toBuffer()],
    ["webp", () => solid(700, 500).webp().toBuffer()],
    ["avif", () => solid(700, 500).avif().toBuffer()],
  ] as const) {
    it(`stores a ${format} (declared as something else) with its variants`, async () => {
      const image = await submit(await make(), "whatever.bin", "application/octet-stream");
      expect(image.url).toMatch(
        new RegExp(`^/media/horse-images/\\d+-[0-9a-f]{12}\\.${format === "png" ? "png" : format}$`),
      );
      expect([image.width, image.height]).toEqual([700, 500]);
      for (const w of [320, 640, 700]) {
        for (const f of ["avif", "webp"] as const) {
          expect(await storage().exists(keyFromMediaUrl(variantUrl(image.url, w, f))!)).toBe(true);
        }
      }
      expect(filesUnder(uploadTmpDir())).toEqual([]);
    });
  }
});

describe("a phone photo with EXIF orientation and GPS", () => {
  it("is stored upright, with every variant and the original free of metadata", async () => {
    const image = await submit(await jpegWithExif(400, 200), "IMG_1234.JPG", "image/jpeg");
    // Orientation 6 turns the 400×200 landscape into a 200×400 portrait.
    expect([image.width, image.height]).toEqual([200, 400]);
    const keys = await storedFilesOf(image.url);
    // The original plus AVIF and WebP at 200 px (it is narrower than every standard width).
    expect(keys.sort()).toEqual(
      [
        keyFromMediaUrl(image.url)!,
        keyFromMediaUrl(variantUrl(image.url, 200, "avif"))!,
        keyFromMediaUrl(variantUrl(image.url, 200, "webp"))!,
      ].sort(),
    );
    for (const key of keys) {
      const bytes = await fsp.readFile(path.join(mediaRoot(), key));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, key).toBeUndefined();
      expect(meta.xmp, key).toBeUndefined();
      expect(meta.iptc, key).toBeUndefined();
      expect(meta.icc, key).toBeUndefined();
      expect(meta.orientation, key).toBeUndefined();
      expect([meta.width, meta.height], key).toEqual([200, 400]);
      for (const needle of ["Exif", "SecretCam", "GPS-1", "2024:05:01"]) {
        expect(bytes.includes(Buffer.from(needle, "latin1")), `${key} contains ${needle}`).toBe(false);
      }
      // Upright: red on top, blue at the bottom.
      const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
      ];
      const [tr, , tb] = pixel(100, 50);
      const [br, , bb] = pixel(100, 350);
      expect(tr!, `${key} top is red`).toBeGreaterThan(180);
      expect(tb!, `${key} top is red`).toBeLessThan(80);
      expect(br!, `${key} bottom is blue`).toBeLessThan(80);
      expect(bb!, `${key} bottom is blue`).toBeGreaterThan(180);
    }
  });

  it("gets the standard widths, never upscaled, for a large photo", async () => {
    const image = await submit(await plainJpeg(2400, 1600), "big.jpg", "image/jpeg");
    expect(variantWidths(image.width)).toEqual([320, 640, 960, 1280, 1920]);
    const keys = await storedFilesOf(image.url);
    expect(keys).toHaveLength(1 + 5 * 2);
    const variant = await sharp(
      path.join(mediaRoot(), keyFromMediaUrl(variantUrl(image.url, 1920, "avif"))!),
    ).metadata();
    expect([variant.width, variant.height]).toEqual([1920, 1280]);
    const original = await sharp(path.join(mediaRoot(), keyFromMediaUrl(image.url)!)).metadata();
    expect([original.format, original.width, original.height]).toEqual(["jpeg", 2400, 1600]);
  });

  it("names home gallery images home-{position}-{timestamp}", async () => {
    const file = await tempFile(await plainJpeg(400, 300));
    const before = Date.now();
    const image = await storeImage("horse-images", { path: file }, { homePosition: 3 });
    const m = /^\/media\/horse-images\/home-3-(\d+)\.jpg$/.exec(image.url);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(before);
    await expect(storeImage("horse-images", { path: file }, { homePosition: 5 })).rejects.toThrow(/position/);
  });

  it("adds a horse photo's 1200 × 630 link-preview crop when asked, and removes it with the photo", async () => {
    const file = await tempFile(await plainJpeg(800, 1000));
    const image = await storeImage("horse-images", { path: file }, { socialCard: true });
    const cardKey = keyFromMediaUrl(socialCardUrl(image.url))!;
    expect(stemOfStoredFile(cardKey)).toBe(stemOfStoredFile(keyFromMediaUrl(image.url)!));
    const card = await sharp(path.join(mediaRoot(), cardKey)).metadata();
    expect([card.format, card.width, card.height]).toEqual(["jpeg", 1200, 630]);
    expect(await storedFilesOf(image.url)).toContain(cardKey);
    await removeImage(image.url);
    expect(filesUnder(mediaRoot())).toEqual([]);
    // Without the option there is no crop.
    const plain = await storeImage("horse-images", { path: file });
    expect(await storage().exists(keyFromMediaUrl(socialCardUrl(plain.url))!)).toBe(false);
  });

  it("stores into each bucket it is given", async () => {
    const file = await tempFile(await plainJpeg(300, 300));
    expect((await storeImage("winner-photos", { path: file })).url).toMatch(/^\/media\/winner-photos\//);
    expect((await storeImage("team-photos", { path: file })).url).toMatch(/^\/media\/team-photos\//);
  });
});

describe("replacing an image", () => {
  let record: { url: string | null };
  beforeEach(() => {
    record = { url: null };
  });

  it("removes the old files only after the update has run, and the new ones stay", async () => {
    const old = await storeImage("horse-images", { path: await tempFile(await plainJpeg(700, 400)) });
    record.url = old.url;
    const oldKeys = await storedFilesOf(old.url);
    expect(oldKeys.length).toBe(7);
    const result = await replaceImage(
      { bucket: "horse-images", upload: { path: await tempFile(await plainJpeg(500, 500)) }, oldUrl: old.url },
      async (image) => {
        // While the record is being updated, the old image is still there to be served.
        for (const k of oldKeys) expect(await storage().exists(k)).toBe(true);
        record.url = image!.url;
        return "updated";
      },
    );
    expect(result).toBe("updated");
    for (const k of oldKeys) expect(await storage().exists(k)).toBe(false);
    // 500 px wide: the original plus AVIF and WebP at 320 and 500.
    expect((await storedFilesOf(record.url)).length).toBe(5);
  });

  it("keeps the old image when the new file is refused, without calling the update", async () => {
    const old = await storeImage("horse-images", { path: await tempFile(await plainJpeg(400, 400)) });
    let called = false;
    const error = await replaceImage(
      { bucket: "horse-images", upload: { path: await tempFile(SVG) }, oldUrl: old.url, field: "image" },
      async () => {
        called = true;
      },
    ).catch((e: unknown) => e);
    expect((error as ImageError).message).toBe(IMAGE_MESSAGES.svg);
    expect(called).toBe(false);
    expect(await storedFilesOf(old.url)).toHaveLength(5);
    expect(filesUnder(mediaRoot()).filter((f) => !f.includes(path.basename(old.url, ".jpg")))).toEqual([]);
  });

  it("removes the new files and keeps the old when the record update fails", async () => {
    const old = await storeImage("horse-images", { path: await tempFile(await plainJpeg(400, 400)) });
    await expect(
      replaceImage(
        { bucket: "horse-images", upload: { path: await tempFile(await plainJpeg(600, 300)) }, oldUrl: old.url },
        async () => {
          throw new Error("constraint violated");
        },
      ),
    ).rejects.toThrow("constraint violated");
    expect(await storedFilesOf(old.url)).toHaveLength(5);
    expect(filesUnder(mediaRoot())).toHaveLength(5);
  });

  it("keeps the old image, and leaves no partial new one, when a processing step fails midway", async () => {
    const real = storage();
    const old = await storeImage("horse-images", { path: await tempFile(await plainJpeg(400, 400)) });
    let puts = 0;
    const failing: Storage = {
      put: (key, source) => {
        if (++puts === 4) return Promise.reject(new Error("disk full"));
        return real.put(key, source);
      },
      get: (key) => real.get(key),
      delete: (key) => real.delete(key),
      list: (prefix, options) => real.list(prefix, options),
      exists: (key) => real.exists(key),
      staleTemporaryFiles: (ms) => real.staleTemporaryFiles(ms),
      describe: () => real.describe(),
    };
    let called = false;
    const error = await replaceImage(
      {
        bucket: "horse-images",
        upload: { path: await tempFile(await plainJpeg(800, 600)) },
        oldUrl: old.url,
        storage: failing,
      },
      async () => {
        called = true;
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageError);
    expect((error as ImageError).message).toBe(IMAGE_MESSAGES.failed);
    expect(called).toBe(false);
    expect(await storedFilesOf(old.url)).toHaveLength(5);
    expect(filesUnder(mediaRoot()).filter((f) => !f.includes(`${path.sep}.tmp${path.sep}`))).toHaveLength(5);
    expect(filesUnder(path.join(mediaRoot(), ".tmp"))).toEqual([]);
  });

  it("without a new file keeps the record's image untouched", async () => {
    const old = await storeImage("horse-images", { path: await tempFile(await plainJpeg(400, 400)) });
    const got = await replaceImage({ bucket: "horse-images", upload: null, oldUrl: old.url }, async (image) => image);
    expect(got).toBeNull();
    expect(await storedFilesOf(old.url)).toHaveLength(5);
  });

  it("removeImage ignores URLs that are not stored media and never touches another image", async () => {
    const a = await storeImage("team-photos", { path: await tempFile(await plainJpeg(300, 300)) });
    const b = await storeImage("team-photos", { path: await tempFile(await plainJpeg(300, 300)) });
    await removeImage("/placeholder.svg");
    await removeImage("https://example.com/x.jpg");
    await removeImage("/media/../../etc/passwd");
    await removeImage(a.url);
    expect(await storedFilesOf(a.url)).toEqual([]);
    expect(await storedFilesOf(b.url)).toHaveLength(3);
  });
});

describe("storage root", () => {
  it("is DATA_DIR/media", () => {
    expect(storage()).toBeInstanceOf(LocalDiskStorage);
    expect(storage().root).toBe(path.join(env().dataDir, "media"));
  });
});

afterEach(async () => {
  await fsp.rm(mediaRoot(), { recursive: true, force: true });
});
