import type { PostView } from "~/news/post-types";

/**
 * The private updates about a horse (posts whose audience is the horse's owners), newest first, as
 * the horse's owners' page shows them. The caller has checked that the reader may see the horse
 * (maySeeHorsePrivate). Owners-only posts are not written yet: there are none to list.
 */
export async function listHorseUpdates(horseId: string): Promise<PostView[]> {
  void horseId;
  return [];
}
