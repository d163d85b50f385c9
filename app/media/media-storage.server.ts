import { env } from "~/platform/env.server";
import { S3Storage } from "./object-storage.server";
import { storage as diskStorage, type Storage } from "./storage.server";

let s3: { storage: S3Storage; signature: string } | undefined;

/** The object storage MEDIA_S3_* describe, or null when media stay on the local disk. */
export function objectStorage(): S3Storage | null {
  const e = env();
  if (!e.MEDIA_S3_BUCKET) return null;
  const options = {
    bucket: e.MEDIA_S3_BUCKET,
    endpoint: e.MEDIA_S3_ENDPOINT,
    region: e.MEDIA_S3_REGION,
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
  };
  const signature = JSON.stringify(options);
  if (!s3 || s3.signature !== signature) s3 = { storage: new S3Storage(options), signature };
  return s3.storage;
}

/** The process-wide media storage: the bucket when MEDIA_S3_BUCKET is set, else DATA_DIR/media. */
export function mediaStorage(): Storage {
  return objectStorage() ?? diskStorage();
}

/** Where /media/<key> sends browsers when MEDIA_PUBLIC_URL is set (a CDN or public bucket), else null. */
export function publicMediaUrl(key: string): string | null {
  const base = env().MEDIA_PUBLIC_URL;
  if (!base) return null;
  return `${base.replace(/\/+$/, "")}/${key}`;
}
