import { preload } from "react-dom";
import type { ImageRef } from "~/models/image-columns";
import { imageSources, isStoredImageUrl } from "./image";

/**
 * `sizes` of a card in the public three-column grids (max-w-7xl, px-4, gap-8: three columns from
 * 1024 px, two from 640 px, one below).
 */
export const THREE_COLUMN_CARD_SIZES =
  "(min-width: 1280px) 395px, (min-width: 1024px) calc((100vw - 96px) / 3), (min-width: 640px) calc(50vw - 32px), calc(100vw - 32px)";

export type ResponsiveImageProps = {
  image: ImageRef | null | undefined;
  alt: string;
  /** The alt text's language where it is not the page's (a description given in the other language only). */
  altLang?: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /**
   * The page's first large image (the LCP element): preloaded from the document's head, loaded
   * eagerly with high priority. Only one image per page should have it.
   */
  priority?: boolean;
  /** Above the fold but not the first: loaded eagerly at normal priority. Everything else is lazy. */
  eager?: boolean;
  /** Shown when there is no image. */
  fallback?: string;
  className?: string;
};

/** Space reserved for an image whose size is unknown (the placeholder's own 4:3). */
const DEFAULT_WIDTH = 400;
const DEFAULT_HEIGHT = 300;

/**
 * Every image on the site goes through here. A stored upload becomes a `<picture>` offering AVIF
 * and WebP at every stored width, so a phone downloads a small file and a wide screen a sharp
 * one; width and height reserve the space before it arrives. Anything else (no image, the
 * placeholder, an external or legacy URL) is a plain `<img>`.
 */
export function ResponsiveImage({
  image,
  alt,
  altLang,
  sizes,
  priority = false,
  eager = false,
  fallback = "/placeholder.svg",
  className,
}: ResponsiveImageProps) {
  const loading = {
    loading: priority || eager ? ("eager" as const) : ("lazy" as const),
    fetchPriority: priority ? ("high" as const) : undefined,
    decoding: priority ? undefined : ("async" as const),
  };
  if (image && isStoredImageUrl(image.url) && image.width && image.height) {
    const sources = imageSources({ url: image.url, width: image.width });
    // The browser finds the image with the document's head instead of after layout (AVIF: every
    // browser that honours imagesrcset reads it).
    if (priority) {
      preload(sources.src, {
        as: "image",
        type: "image/avif",
        imageSrcSet: sources.srcSet.avif,
        imageSizes: sizes,
        fetchPriority: "high",
      });
    }
    return (
      // display: contents keeps the layout exactly as if the <img> stood alone.
      <picture className="contents">
        <source type="image/avif" srcSet={sources.srcSet.avif} sizes={sizes} />
        <source type="image/webp" srcSet={sources.srcSet.webp} sizes={sizes} />
        <img
          src={sources.src}
          alt={alt}
          lang={altLang}
          width={image.width}
          height={image.height}
          className={className}
          {...loading}
        />
      </picture>
    );
  }
  return (
    <img
      src={image?.url ?? fallback}
      alt={alt}
      lang={altLang}
      width={image?.width ?? DEFAULT_WIDTH}
      height={image?.height ?? DEFAULT_HEIGHT}
      className={className}
      {...loading}
    />
  );
}
