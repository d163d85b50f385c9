import { contentChanged } from "~/utils/invalidation.server";
import { db } from "~/utils/db.server";
import { imageRef, type ImageRef } from "~/utils/image";

export type HomeImage = { id: string; position: number; image: ImageRef | null; altText: string };

export async function listHomeImages(): Promise<HomeImage[]> {
  const rows = await db()
    .selectFrom("home_images")
    .select(["id", "position", "image_url", "image_width", "image_height", "alt_text"])
    .orderBy("position", "asc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    image: imageRef(r.image_url, r.image_width, r.image_height),
    altText: r.alt_text,
  }));
}

export async function updateHomeImage(
  id: string,
  values: { altText: string; image?: { url: string; width: number; height: number } },
) {
  const result = await db()
    .updateTable("home_images")
    .set({
      alt_text: values.altText,
      ...(values.image
        ? { image_url: values.image.url, image_width: values.image.width, image_height: values.image.height }
        : {}),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  contentChanged();
  return result;
}
