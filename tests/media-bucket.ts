import { CreateBucketCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll } from "vitest";
import { s3StorageFor, setMediaS3Env, startS3Server, type TestS3Server } from "./s3";

/** The private photos' bucket `useMediaBucket({ privateBucket: true })` makes beside the public one. */
export const PRIVATE_TEST_BUCKET = "stable-private";

/**
 * Keeps the site's media in a bucket on a test S3 server for the tests of the enclosing describe
 * block (and private photos in a bucket of their own with `privateBucket`), then back on the local
 * disk. Returns a getter for that server (started before the tests).
 */
export function useMediaBucket({ privateBucket = false } = {}): () => TestS3Server {
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    s3 = await startS3Server();
    if (privateBucket) {
      const store = s3StorageFor(s3, PRIVATE_TEST_BUCKET);
      await (await store.client()).send(new CreateBucketCommand({ Bucket: PRIVATE_TEST_BUCKET }));
    }
    setMediaS3Env(s3, privateBucket ? PRIVATE_TEST_BUCKET : undefined);
  });
  afterAll(async () => {
    setMediaS3Env(null);
    await s3?.close();
  });
  return () => {
    if (!s3) throw new Error("the test S3 server starts before the tests");
    return s3;
  };
}
