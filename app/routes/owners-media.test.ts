import { describe, expect, it } from "vitest";
import { buildRequest, signedInUser } from "@tests/auth";
import { testEngine, useFreshDatabase } from "@tests/db";
import { createGuest, createOwner, revokeLeavingSessions, signedIn, testHorse } from "@tests/owners";
import { ownersUpdate, storedPostPhoto } from "@tests/posts";
import { PRIVATE_TEST_BUCKET, useMediaBucket } from "@tests/media-bucket";
import { s3StorageFor } from "@tests/s3";
import { socialCardUrl, variantUrl } from "~/media/image";
import { keyFromMediaUrl } from "~/media/storage.server";
import { createPost, deletePost, updatePost } from "~/models/post.server";
import { restoreFromTrash } from "~/trash/trash.server";
import { loader } from "./owners-media";

useFreshDatabase();

async function get(path: string, cookie?: string, method = "GET") {
  const response = await loader({ request: buildRequest(path, { cookie, method }), params: {}, context: {} } as never);
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.arrayBuffer() };
}

describe(`a private photo at /owners/media/ (${testEngine})`, () => {
  it("goes to the tagged horse's owners and guests and administrators only, never kept by any cache", async () => {
    const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
    const photo = await storedPostPhoto({ private: true, width: 700 });
    const values = ownersUpdate([x.id], [photo]);
    const { id } = await createPost(values);
    const owner = await signedIn(await createOwner({ horseIds: [x.id] }));
    const guest = await signedIn(await createGuest(owner.user.id));
    const other = await signedIn(await createOwner({ horseIds: [y.id] }));
    const revoked = await signedIn(await createOwner({ horseIds: [x.id] }));
    await revokeLeavingSessions(revoked.user.id);
    const admin = await signedInUser({ admin: true });
    const member = await signedInUser({ email: "member@example.com" });

    const addresses = [
      photo.url,
      variantUrl(photo.url, 640, "avif"),
      variantUrl(photo.url, 320, "webp"),
      socialCardUrl(photo.url),
    ];
    for (const url of addresses) {
      for (const cookie of [owner.cookie, guest.cookie, admin.cookie]) {
        const answer = await get(url, cookie);
        expect(answer.status, url).toBe(200);
        expect(answer.headers["cache-control"]).toBe("private, no-store");
        expect(answer.headers["x-content-type-options"]).toBe("nosniff");
        expect(answer.body.byteLength).toBe(Number(answer.headers["content-length"]));
      }
      // Not even that it exists: the same 404 as for a name nobody has.
      for (const cookie of [undefined, other.cookie, revoked.cookie, member.cookie]) {
        const answer = await get(url, cookie);
        expect([url, cookie && "signed in", answer.status]).toEqual([url, cookie && "signed in", 404]);
        expect(answer.headers["cache-control"]).toBe("private, no-store");
      }
    }
    expect((await get(photo.url, owner.cookie)).headers["content-type"]).toBe("image/jpeg");
    expect((await get(addresses[1]!, owner.cookie)).headers["content-type"]).toBe("image/avif");
    const head = await get(photo.url, owner.cookie, "HEAD");
    expect([head.status, head.body.byteLength]).toEqual([200, 0]);

    // A draft again, or in the trash: its owners see it no more; the administrator still does.
    await updatePost(id, { ...values, draft: true });
    expect((await get(photo.url, owner.cookie)).status).toBe(404);
    expect((await get(photo.url, admin.cookie)).status).toBe(200);
    await updatePost(id, values);
    const { trashId } = (await deletePost(id))!;
    expect((await get(photo.url, guest.cookie)).status).toBe(404);
    await restoreFromTrash(trashId);
    expect((await get(photo.url, guest.cookie)).status).toBe(200);
  });

  it("answers 404 to names the site never gives, escapes and other folders, without looking further", async () => {
    const admin = await signedInUser({ admin: true });
    for (const path of [
      "/owners/media/post-photos/1-aaaaaaaaaaaa.jpg",
      "/owners/media/post-photos/..%2f..%2fsecrets%2fsession_secret",
      "/owners/media/post-photos/%2e%2e/x.jpg",
      "/owners/media/horse-images/1-aaaaaaaaaaaa.jpg",
      "/owners/media/private/post-photos/1-aaaaaaaaaaaa.jpg",
      "/owners/media/post-photos/1-aaaaaaaaaaaa.svg",
      "/owners/media/post-photos",
      "/owners/media/",
    ]) {
      const answer = await get(path, admin.cookie);
      expect([path, answer.status]).toEqual([path, 404]);
    }
  });
});

describe("a private photo kept in the private bucket", () => {
  const s3 = useMediaBucket({ privateBucket: true });

  it("is streamed from there to the horse's owner, and is nowhere in the public bucket", async () => {
    const x = await testHorse("Xenia");
    const photo = await storedPostPhoto({ private: true });
    await createPost(ownersUpdate([x.id], [photo]));
    const owner = await signedIn(await createOwner({ horseIds: [x.id] }));
    const inner = keyFromMediaUrl(photo.url)!.slice("private/".length);
    const stored = await s3StorageFor(s3(), PRIVATE_TEST_BUCKET).get(inner);
    const bytes: Buffer[] = [];
    for await (const chunk of stored!.stream) bytes.push(chunk as Buffer);
    const answer = await get(photo.url, owner.cookie);
    expect(answer.status).toBe(200);
    expect(Buffer.from(answer.body).equals(Buffer.concat(bytes))).toBe(true);
    expect(await s3StorageFor(s3()).list("", { limit: 1000 })).toEqual([]);
    expect((await get(photo.url)).status).toBe(404);
  });
});
