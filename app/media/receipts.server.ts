import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { log } from "~/platform/log.server";
import { faultOf } from "~/platform/faults.server";
import { mediaStorage as defaultStorage } from "./media-storage.server";
import { PRIVATE_KEY_PREFIX, PrivateStorageMissingError, SiteMediaStorage, type Storage } from "./storage.server";

/**
 * Receipts of costs (a photo or a PDF): kept in the private storage under `private/receipts/`, by a
 * key the cost row holds (never an address under /media/), judged by their first bytes, not by the
 * name or type the browser gave. The media sweep keeps a file a cost refers to (decision 0280).
 */

export const RECEIPT_FOLDER = `${PRIVATE_KEY_PREFIX}receipts`;

/** What a receipt may be, by its first bytes. */
const KINDS = [
  { ext: "pdf", type: "application/pdf", test: (b: Buffer) => b.subarray(0, 5).toString("latin1") === "%PDF-" },
  { ext: "jpg", type: "image/jpeg", test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: "png",
    type: "image/png",
    test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    ext: "webp",
    type: "image/webp",
    test: (b: Buffer) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
  {
    ext: "heic",
    type: "image/heic",
    test: (b: Buffer) =>
      b.subarray(4, 8).toString("latin1") === "ftyp" &&
      ["heic", "heix", "mif1", "msf1", "hevc"].includes(b.subarray(8, 12).toString("latin1")),
  },
] as const;

export type ReceiptProblem = "receiptType" | "receiptEmpty" | "receiptNoStorage";

/** A file refused as a receipt, with the reason the form says beside its field. */
export class ReceiptError extends Error {
  constructor(readonly problem: ReceiptProblem) {
    super(`The receipt was refused: ${problem}`);
    this.name = "ReceiptError";
  }
}

async function firstBytes(path: string) {
  const handle = await fsp.open(path, "r");
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The content type of a stored receipt, by its key's extension. */
export function receiptContentType(key: string) {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return KINDS.find((k) => k.ext === ext)?.type ?? "application/octet-stream";
}

/**
 * Stores an uploaded receipt (already bounded by the upload parser's limit) and answers its private
 * key. ReceiptError when it is no PDF or photo, or when the site has no private storage.
 */
export async function storeReceipt(upload: { path: string; size: number }, store: Storage = defaultStorage()) {
  if (upload.size === 0) throw new ReceiptError("receiptEmpty");
  if (store instanceof SiteMediaStorage && !store.closed) throw new ReceiptError("receiptNoStorage");
  const head = await firstBytes(upload.path);
  const kind = KINDS.find((k) => k.test(head));
  if (!kind) throw new ReceiptError("receiptType");
  const key = `${RECEIPT_FOLDER}/${Date.now()}-${randomBytes(6).toString("hex")}.${kind.ext}`;
  try {
    await store.put(key, fs.createReadStream(upload.path));
  } catch (error) {
    if (error instanceof PrivateStorageMissingError) throw new ReceiptError("receiptNoStorage");
    throw error;
  }
  return key;
}

/** Removes a receipt nothing refers to any more; a failure is logged (the sweep removes it later), never shown. */
export async function removeReceiptQuietly(key: string | null | undefined, store: Storage = defaultStorage()) {
  if (!key) return;
  try {
    await store.delete(key);
  } catch (error) {
    log.warn("removing a receipt failed", { key, error, fault: faultOf(error)?.kind });
  }
}
