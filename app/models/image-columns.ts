/** A stored image as records carry it: its public URL and, for uploads, its intrinsic size. */
export type ImageRef = { url: string; width: number | null; height: number | null };

export function imageRef(url: string | null, width: number | null, height: number | null): ImageRef | null {
  return url ? { url, width, height } : null;
}

/** A new image as a record is given it: always with its size. */
export type NewImage = { url: string; width: number; height: number };

/** How a table names its image columns: `image_url, image_width, image_height` or `photo_…`. */
export type ImageColumnPrefix = "image" | "photo";
export type ImageColumns<P extends ImageColumnPrefix> = Record<`${P}_url`, string | null> &
  Record<`${P}_width` | `${P}_height`, number | null>;

/** The image a row's columns hold, or null. */
export function imageFromColumns<P extends ImageColumnPrefix>(row: ImageColumns<P>, prefix: P): ImageRef | null {
  return imageRef(row[`${prefix}_url`], row[`${prefix}_width`], row[`${prefix}_height`]);
}

/** The columns that store an image (all null for none). */
export function imageToColumns<P extends ImageColumnPrefix>(
  prefix: P,
  image: NewImage | null | undefined,
): ImageColumns<P> {
  return {
    [`${prefix}_url`]: image?.url ?? null,
    [`${prefix}_width`]: image?.width ?? null,
    [`${prefix}_height`]: image?.height ?? null,
  } as ImageColumns<P>;
}
