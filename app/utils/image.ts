/** A stored image as records carry it: its public URL and, for uploads, its intrinsic size. */
export type ImageRef = { url: string; width: number | null; height: number | null };

export function imageRef(url: string | null, width: number | null, height: number | null): ImageRef | null {
  return url ? { url, width, height } : null;
}
