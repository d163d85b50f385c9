import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import { normaliseKey, type ListOptions, type Storage, type StoredFile } from "./storage.server";

/**
 * Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Garage, Backblaze B2), so every
 * instance of the site sees the same files. Keys are the same as on the local disk.
 */

/** Thrown for any failure of the bucket itself (unreachable, refused, misconfigured): an operational fault. */
export class ObjectStorageError extends Error {
  override name = "ObjectStorageError";
  readonly code = "OBJECT_STORAGE_UNAVAILABLE";
  constructor(action: string, cause: unknown) {
    super(`Object storage: could not ${action}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

export function contentTypeOf(key: string) {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}

/** Stored names are never reused, so a CDN or public bucket may keep a file for a year too. */
const OBJECT_CACHE_CONTROL = "public, max-age=31536000, immutable";

export type S3StorageOptions = {
  bucket: string;
  endpoint?: string;
  region?: string;
  forcePathStyle?: boolean;
  /** Only for tests; otherwise the SDK's standard chain (AWS_ACCESS_KEY_ID …, profiles, roles). */
  credentials?: S3ClientConfig["credentials"];
};

// The SDK is loaded on first use: a site on the local disk never pays its ~25 MB (decision 0120).
let sdk:
  Promise<typeof import("@aws-sdk/client-s3") & Pick<typeof import("@aws-sdk/lib-storage"), "Upload">> | undefined;
function loadSdk() {
  sdk ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([s3, lib]) => ({
    ...s3,
    Upload: lib.Upload,
  }));
  return sdk;
}

function isNotFound(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  // A missing bucket is a configuration fault, not a missing file.
  if (e?.name === "NoSuchBucket") return false;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

export class S3Storage implements Storage {
  readonly bucket: string;
  private readonly options: S3StorageOptions;
  private connected: Promise<S3Client> | undefined;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.options = options;
  }

  /** The SDK's client, made on first use. */
  client(): Promise<S3Client> {
    const options = this.options;
    this.connected ??= loadSdk().then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: options.endpoint,
          // Self-hosted services ignore the region, but the SDK signs with one.
          region: options.region ?? "us-east-1",
          forcePathStyle: options.forcePathStyle,
          credentials: options.credentials,
          // A bucket that is down should answer an admin in seconds, not after long retries.
          maxAttempts: 2,
          requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
        }),
    );
    return this.connected;
  }

  /** Where the files are, for messages. */
  describe() {
    return `s3://${this.bucket}`;
  }

  private async call<T>(action: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw new ObjectStorageError(action, error);
    }
  }

  /**
   * Multipart for large files (the SDK's upload helper); the object appears only when complete,
   * and an interrupted upload's parts are aborted. A failing source (a damaged image) is rethrown
   * as itself, so it is not mistaken for a fault of the bucket.
   */
  async put(key: string, source: Readable | Buffer): Promise<StoredFile> {
    const normal = normaliseKey(key);
    let sourceError: unknown;
    let body: Readable | Buffer = source;
    let plain: PassThrough | undefined;
    if (!Buffer.isBuffer(source)) {
      source.once("error", (error) => (sourceError ??= error));
      // The upload helper reads a plain stream; an image encoder's duplex stream ends it early otherwise.
      plain = new PassThrough();
      // Its failures are read from `sourceError` and from the upload below.
      pipeline(source, plain).catch(() => {});
      body = plain;
    }
    try {
      const [{ Upload }, client] = await Promise.all([loadSdk(), this.client()]);
      await new Upload({
        client,
        params: {
          Bucket: this.bucket,
          Key: normal,
          Body: body,
          ContentType: contentTypeOf(normal),
          CacheControl: OBJECT_CACHE_CONTROL,
        },
      }).done();
    } catch (error) {
      // A bucket that failed mid-upload stops reading: end the source (and its encoder) too.
      plain?.destroy();
      if (sourceError) throw sourceError;
      throw new ObjectStorageError(`store ${normal}`, error);
    }
    if (sourceError) throw sourceError;
    const head = await this.head(normal);
    if (!head) throw new ObjectStorageError(`store ${normal}`, new Error("the object is not there after upload"));
    return head;
  }

  private async head(key: string): Promise<StoredFile | null> {
    try {
      const [{ HeadObjectCommand }, client] = await Promise.all([loadSdk(), this.client()]);
      const out = await client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: Number(out.ContentLength ?? 0), modifiedAt: out.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new ObjectStorageError(`look up ${key}`, error);
    }
  }

  async get(key: string) {
    const normal = normaliseKey(key);
    try {
      const [{ GetObjectCommand }, client] = await Promise.all([loadSdk(), this.client()]);
      const out = await client.send(new GetObjectCommand({ Bucket: this.bucket, Key: normal }));
      if (!(out.Body instanceof Readable)) throw new Error("the response has no readable body");
      return { stream: out.Body, size: Number(out.ContentLength ?? 0), modifiedAt: out.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new ObjectStorageError(`read ${normal}`, error);
    }
  }

  async delete(key: string) {
    const normal = normaliseKey(key);
    await this.call(`delete ${normal}`, async () => {
      const [{ DeleteObjectCommand }, client] = await Promise.all([loadSdk(), this.client()]);
      await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: normal }));
    });
  }

  async exists(key: string) {
    return !!(await this.head(normaliseKey(key)));
  }

  /** Same answer as the local disk's: keys under `prefix`, sorted (S3 lists in key order), paged. */
  async list(prefix: string, { limit = 100, offset = 0 }: ListOptions = {}): Promise<StoredFile[]> {
    const normal = prefix.split("/").filter(Boolean).join("/");
    const s3Prefix = normal && (prefix.endsWith("/") ? `${normal}/` : normal);
    const out: StoredFile[] = [];
    let skipped = 0;
    let token: string | undefined;
    do {
      const page = await this.call(`list ${s3Prefix || "the bucket"}`, async () => {
        const [{ ListObjectsV2Command }, client] = await Promise.all([loadSdk(), this.client()]);
        return client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: s3Prefix || undefined,
            ContinuationToken: token,
            MaxKeys: 1000,
          }),
        );
      });
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        if (skipped < offset) {
          skipped++;
          continue;
        }
        out.push({ key: object.Key, size: Number(object.Size ?? 0), modifiedAt: object.LastModified ?? new Date(0) });
        if (out.length >= limit) return out;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  /** Nothing to sweep: an interrupted multipart upload never becomes an object (a bucket lifecycle rule clears its parts). */
  async staleTemporaryFiles(): Promise<string[]> {
    return [];
  }
}
