import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { resetEnvCache } from "~/platform/env.server";
import { S3Storage } from "~/media/object-storage.server";

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  dir: string;
  /** The site's environment for this bucket (credentials through the SDK's standard variables). */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/** Credentials s3rver accepts; a real service's come from the SDK's standard chain the same way. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 and a free port, keeping its objects in a
 * temporary folder, with one empty bucket.
 */
export async function startS3Server(bucket = "stable-media"): Promise<TestS3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    dir,
    env: {
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_REGION: "us-east-1",
      MEDIA_S3_FORCE_PATH_STYLE: "true",
      ...CREDENTIALS,
    },
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const MEDIA_S3_VARIABLES = [
  "MEDIA_S3_BUCKET",
  "MEDIA_S3_ENDPOINT",
  "MEDIA_S3_REGION",
  "MEDIA_S3_FORCE_PATH_STYLE",
  "MEDIA_S3_PRIVATE_BUCKET",
];

/**
 * Points this process's media storage at `server`'s bucket (and private photos at `privateBucket`
 * on it, which must exist), or back at the local disk with null.
 */
export function setMediaS3Env(server: TestS3Server | null, privateBucket?: string) {
  for (const name of MEDIA_S3_VARIABLES) delete process.env[name];
  if (server) Object.assign(process.env, server.env);
  if (server && privateBucket) process.env.MEDIA_S3_PRIVATE_BUCKET = privateBucket;
  resetEnvCache();
}

let buckets = 0;

/** A new, empty bucket on `server`, and a storage for it. */
export async function freshBucketStorage(server: TestS3Server) {
  const bucket = `test-${process.pid}-${++buckets}`;
  const store = s3StorageFor(server, bucket);
  await (await store.client()).send(new CreateBucketCommand({ Bucket: bucket }));
  return store;
}

export function s3StorageFor(server: TestS3Server, bucket = server.bucket) {
  return new S3Storage({
    bucket,
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
}
