import { useShown } from "~/i18n/use-lang";
import { ResponsiveImage } from "~/media/responsive-image";
import type { PostPhotoView } from "~/news/post-types";

/** A post's (or a horse's) photos: one column on a phone, two or three beside each other above. */
export function PostGallery({ photos, label }: { photos: PostPhotoView[]; label: string }) {
  const shown = useShown();
  if (photos.length === 0) return null;
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {photos.map((photo) => (
        <li key={photo.image.url}>
          <figure>
            <a href={photo.image.url}>
              <ResponsiveImage
                image={photo.image}
                alt={photo.description.text}
                altLang={shown.lang(photo.description)}
                sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                className="aspect-[4/3] w-full rounded-lg bg-stone-100 object-cover"
              />
            </a>
            {photo.description.text ? (
              <figcaption lang={shown.lang(photo.description)} className="mt-1 text-sm text-stone-600">
                {photo.description.text}
              </figcaption>
            ) : null}
          </figure>
        </li>
      ))}
    </ul>
  );
}
