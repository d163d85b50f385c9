import { env } from "~/platform/env.server";
import { S3Storage } from "./object-storage.server";
import { privateDiskStorage, SiteMediaStorage, storage as diskStorage, type Storage } from "./storage.server";

const buckets = new Map<string, S3Storage>();

function bucket(name: string): S3Storage {
  const e = env();
  const options = {
    bucket: name,
    endpoint: e.MEDIA_S3_ENDPOINT,
    region: e.MEDIA_S3_REGION,
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
  };
  const signature = JSON.stringify(options);
  let store = buckets.get(signature);
  if (!store) buckets.set(signature, (store = new S3Storage(options)));
  return store;
}

/** The object storage MEDIA_S3_* describe, or null when media stay on the local disk. */
export function objectStorage(): S3Storage | null {
  const name = env().MEDIA_S3_BUCKET;
  return name ? bucket(name) : null;
}

/** The bucket for private photos (MEDIA_S3_PRIVATE_BUCKET, same service and credentials), or null. */
function privateObjectStorage(): S3Storage | null {
  const name = env().MEDIA_S3_PRIVATE_BUCKET;
  return name ? bucket(name) : null;
}

/** What /media/ serves: the bucket when MEDIA_S3_BUCKET is set, else DATA_DIR/media. */
export function publicMediaStorage(): Storage {
  return objectStorage() ?? diskStorage();
}

/**
 * Where private photos are kept: the private bucket beside a public one, else DATA_DIR/private-media.
 * A site on a bucket without a private bucket has none (null): private photos are refused there
 * rather than kept on one instance's disk (decision 0210).
 */
export function privateMediaStorage(): Storage | null {
  return env().MEDIA_S3_BUCKET ? privateObjectStorage() : privateDiskStorage();
}

const combined = new WeakMap<Storage, Map<Storage | null, SiteMediaStorage>>();

function siteMedia(open: Storage, closed: Storage | null): SiteMediaStorage {
  let byClosed = combined.get(open);
  if (!byClosed) combined.set(open, (byClosed = new Map()));
  let store = byClosed.get(closed);
  if (!store) byClosed.set(closed, (store = new SiteMediaStorage(open, closed)));
  return store;
}

/**
 * The process-wide media storage, public and private files in one key space (private keys start
 * with `private/`): what uploads, the sweep, backups and restores use. Only publicMediaStorage() is
 * ever served at /media/.
 */
export function mediaStorage(): SiteMediaStorage {
  return siteMedia(publicMediaStorage(), privateMediaStorage());
}

/** The media on the local disk, public and private (media:migrate's one side). */
export function diskMedia(): SiteMediaStorage {
  return siteMedia(diskStorage(), privateDiskStorage());
}

/** The media in the buckets, public and private (media:migrate's other side), or null without MEDIA_S3_BUCKET. */
export function bucketMedia(): SiteMediaStorage | null {
  const open = objectStorage();
  return open && siteMedia(open, privateObjectStorage());
}

/** Where /media/<key> sends browsers when MEDIA_PUBLIC_URL is set (a CDN or public bucket), else null. */
export function publicMediaUrl(key: string): string | null {
  const base = env().MEDIA_PUBLIC_URL;
  if (!base) return null;
  return `${base.replace(/\/+$/, "")}/${key}`;
}
