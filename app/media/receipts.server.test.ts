import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalDiskStorage, SiteMediaStorage } from "./storage.server";
import { receiptContentType, removeReceiptQuietly, storeReceipt, type ReceiptError } from "./receipts.server";

let dir = "";
let open: LocalDiskStorage;
let closed: LocalDiskStorage;
let site: SiteMediaStorage;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "receipts-"));
  open = new LocalDiskStorage(path.join(dir, "media"));
  closed = new LocalDiskStorage(path.join(dir, "private-media"));
  site = new SiteMediaStorage(open, closed);
});
afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

async function upload(bytes: Uint8Array | string) {
  const file = path.join(dir, `upload-${Math.random().toString(36).slice(2)}`);
  await fsp.writeFile(file, bytes);
  return { path: file, size: (await fsp.stat(file)).size };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0]);

describe("receipts", () => {
  it("keeps a PDF or photo in the private storage only, named by what its bytes are", async () => {
    const pdf = await storeReceipt(await upload("%PDF-1.7\n..."), site);
    const png = await storeReceipt(await upload(PNG), site);
    const jpg = await storeReceipt(await upload(JPEG), site);
    expect(pdf).toMatch(/^private\/receipts\/\d+-[0-9a-f]{12}\.pdf$/);
    expect(png).toMatch(/\.png$/);
    expect(jpg).toMatch(/\.jpg$/);
    expect(receiptContentType(pdf)).toBe("application/pdf");
    expect(receiptContentType(jpg)).toBe("image/jpeg");
    // Nothing in the public storage, which /media/ serves.
    expect(await open.list("", { limit: 100 })).toEqual([]);
    expect((await closed.list("receipts/", { limit: 100 })).map((f) => `private/${f.key}`).sort()).toEqual(
      [pdf, png, jpg].sort(),
    );
    await removeReceiptQuietly(pdf, site);
    expect(await site.exists(pdf)).toBe(false);
  });

  it("refuses what is no PDF or photo, an empty file, and a site without private storage", async () => {
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e as ReceiptError).problem,
      );
    expect(await refusal(storeReceipt(await upload("<svg onload=alert(1)>"), site))).toBe("receiptType");
    expect(await refusal(storeReceipt(await upload(""), site))).toBe("receiptEmpty");
    expect(await refusal(storeReceipt(await upload("%PDF-1.7"), new SiteMediaStorage(open, null)))).toBe(
      "receiptNoStorage",
    );
    expect(await open.list("", { limit: 100 })).toEqual([]);
  });
});
