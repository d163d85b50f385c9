import { stemOfStoredFile } from "~/media/image";
import { mediaUrl } from "~/media/storage.server";
import { maySeeAnyHorsePrivate, type Viewer } from "~/models/owner-access.server";
import { postOfPhoto } from "~/models/post.server";

/** The file types an original may have; its variants name only its stem. */
const ORIGINAL_EXTENSIONS = ["jpg", "png", "webp", "avif"] as const;

/**
 * Whether `viewer` may see the private file stored under `key` (a photo of an owners-only post, its
 * original or a variant): administrators, who write the posts; and once the post is out, the owners
 * and guests of any horse it is tagged with (decision 0201's one check). Anyone else may not even
 * learn that the file exists: the route answers them 404.
 */
export async function mayViewPrivatePhoto(viewer: Viewer, key: string, now = new Date()): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.isAdmin) return true;
  const stem = stemOfStoredFile(mediaUrl(key));
  const post = await postOfPhoto(
    ORIGINAL_EXTENSIONS.map((ext) => `${stem}.${ext}`),
    now,
  );
  if (!post || post.audience !== "owners" || !post.out) return false;
  return maySeeAnyHorsePrivate(viewer, post.horseIds);
}
