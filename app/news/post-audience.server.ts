import { copyImageTo, removeImageQuietly } from "~/media/images.server";
import { getPost, updatePost, type NewPost, type PostSaveOptions } from "~/models/post.server";

/**
 * Saves a post whose audience may change (the editor's save). Its photos live where its audience
 * says: public ones under /media/, an owners-only post's in the private storage (decision 0210). So
 * when the audience changes, the photos the post keeps are first copied to the other place (same
 * names), the save points the records at the copies and answers the old files as replaced, which
 * the admin action removes once the save has committed: the old addresses then answer 404. On any
 * failure the copies go again and nothing changed; PrivateStorageMissingError says that the site has
 * no private storage to move them to.
 */
export async function savePost(id: string, values: NewPost, options: PostSaveOptions = {}) {
  const before = await getPost(id);
  if (!before) return null;
  const audience = values.audience ?? "public";
  if (before.audience === audience) return updatePost(id, values, options);
  const place = audience === "owners" ? "private" : "public";
  const changed = new Set(values.photos.filter((p) => p.image || p.remove).map((p) => p.position));
  const photos = new Map<string, string>();
  const discard = () => Promise.all([...photos.values()].map((url) => removeImageQuietly(url)));
  try {
    for (const photo of before.photos) {
      if (changed.has(photo.position)) continue;
      const copy = await copyImageTo(photo.image.url, place);
      if (copy !== photo.image.url) photos.set(photo.image.url, copy);
    }
    const saved = await updatePost(id, values, { ...options, move: { from: before.audience, photos } });
    if (!saved) await discard();
    return saved;
  } catch (error) {
    await discard();
    throw error;
  }
}
