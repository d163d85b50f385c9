import type { ImageRef } from "~/utils/image";

export type ResponsiveImageProps = {
  image: ImageRef | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** The largest image above the fold: loaded eagerly with high priority. Everything else is lazy. */
  priority?: boolean;
  /** Shown when there is no image. */
  fallback?: string;
  className?: string;
};

/** Every image on the site goes through here. */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  priority = false,
  fallback = "/placeholder.svg",
  className,
}: ResponsiveImageProps) {
  return (
    <img
      src={image?.url ?? fallback}
      alt={alt}
      sizes={sizes}
      width={image?.width ?? 400}
      height={image?.height ?? 300}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}
