import { useShown } from "~/i18n/use-lang";
import { ResponsiveImage } from "~/media/responsive-image";
import type { PostPhotoView } from "~/news/post-types";
import { cn } from "~/utils/cn";

/** A post's first photo, large, with its description as the caption (a post's page, an owners' update). */
export function LeadPhoto({
  photo,
  priority = false,
  className,
}: {
  photo: PostPhotoView;
  priority?: boolean;
  className?: string;
}) {
  const shown = useShown();
  const lang = shown.lang(photo.description);
  return (
    <figure className={className}>
      <ResponsiveImage
        image={photo.image}
        alt={photo.description.text}
        altLang={lang}
        sizes="(min-width: 768px) 720px, 100vw"
        priority={priority}
        className="aspect-[4/3] w-full rounded-xl bg-stone-100 object-cover shadow-sm"
      />
      {photo.description.text ? (
        <figcaption lang={lang} className="mt-2 text-sm text-stone-600">
          {photo.description.text}
        </figcaption>
      ) : null}
    </figure>
  );
}

/**
 * A post's body, styled for reading. `html` is rendered and sanitised on the server
 * (app/news/markdown.server.ts): the only HTML ever put into a page from what was typed.
 */
export function PostBody({ html, lang, className }: { html: string; lang?: string; className?: string }) {
  return (
    <div
      lang={lang}
      className={cn(
        "prose-post space-y-4 leading-relaxed text-stone-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-brand-900 [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6",
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
