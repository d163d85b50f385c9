import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { storeImage, type StoredImage } from "~/media/images.server";
import type { NewPost } from "~/models/post.server";
import { plainJpeg } from "./images";

/** A post photo stored as the News tab stores one: `private` for an owners-only post's. */
export async function storedPostPhoto({ private: hidden = false, width = 400 } = {}): Promise<StoredImage> {
  const file = path.join(os.tmpdir(), `stable-post-photo-${crypto.randomUUID()}.jpg`);
  await fs.writeFile(file, await plainJpeg(width, Math.round(width * 0.75)));
  try {
    return await storeImage("post-photos", { path: file }, { private: hidden, socialCard: true });
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** An owners-only post about `horseIds`, out a minute ago, with the photos given (in slots 1, 2, …). */
export function ownersUpdate(horseIds: string[], photos: StoredImage[] = [], values: Partial<NewPost> = {}): NewPost {
  return {
    title: "Morning work",
    body: "A **good** gallop today.",
    audience: "owners",
    video: null,
    publishAt: new Date(Date.now() - 60_000).toISOString(),
    draft: false,
    horseIds,
    photos: photos.map((image, i) => ({ position: i + 1, image, description: `Photo ${i + 1}` })),
    ...values,
  };
}
