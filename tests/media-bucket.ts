import { afterAll, beforeAll } from "vitest";
import { setMediaS3Env, startS3Server, type TestS3Server } from "./s3";

/**
 * Keeps the site's media in a bucket on a test S3 server for the tests of the enclosing describe
 * block, then back on the local disk. Returns a getter for that server (started before the tests).
 */
export function useMediaBucket(): () => TestS3Server {
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    s3 = await startS3Server();
    setMediaS3Env(s3);
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
