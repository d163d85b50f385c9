import { contentChanged } from "~/platform/invalidation.server";
import { db } from "~/platform/db.server";
import { imageFromColumns, imageToColumns, type ImageRef, type NewImage } from "./image-columns";
import { changedFields, recordActivity } from "./activity.server";

/** A gallery image; `altText` is the spec's (English), `altTextDa` the Danish one ("" where not given). */
export type HomeImage = { id: string; position: number; image: ImageRef | null; altText: string; altTextDa: string };

export async function listHomeImages(): Promise<HomeImage[]> {
  const rows = await db()
    .selectFrom("home_images")
    .select(["id", "position", "image_url", "image_width", "image_height", "alt_text", "alt_text_da"])
    .orderBy("position", "asc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    image: imageFromColumns(r, "image"),
    altText: r.alt_text,
    altTextDa: r.alt_text_da,
  }));
}

export async function getHomeImage(id: string): Promise<HomeImage | null> {
  return (await listHomeImages()).find((i) => i.id === id) ?? null;
}

/**
 * Saves a gallery image's alt text and, when given, its new image (without one the current image
 * is kept). Returns the image it no longer uses, or null when there is no such gallery row.
 */
export async function updateHomeImage(
  id: string,
  values: { altText: string; altTextDa?: string; image?: NewImage | null },
): Promise<{ replacedImageUrl: string | null } | null> {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom("home_images")
        .select(["position", "image_url", "alt_text", "alt_text_da"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!before) return null;
      const after = await trx
        .updateTable("home_images")
        .set({
          alt_text: values.altText,
          alt_text_da: values.altTextDa ?? "",
          ...(values.image ? imageToColumns("image", values.image) : {}),
        })
        .where("id", "=", id)
        .returning(["position", "image_url", "alt_text", "alt_text_da"])
        .executeTakeFirstOrThrow();
      await recordActivity(
        {
          kind: "update",
          entity: "gallery",
          entityId: id,
          summary: `Gallery image ${before.position} updated`,
          changes: changedFields(before, after, {
            image_url: "Image",
            alt_text: "Alt Text",
            alt_text_da: "Alt Text (Danish)",
          }),
        },
        { trx },
      );
      const replacedImageUrl = values.image && before.image_url !== values.image.url ? before.image_url : null;
      return { replacedImageUrl };
    });
  if (result) contentChanged();
  return result;
}
