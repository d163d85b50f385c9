import { useT } from "~/i18n/use-lang";
import type { HorseNews } from "~/news/post-types";
import { PostGallery } from "./post-gallery";
import { PostsSection } from "./post-cards";

/** A horse page's news: the posts tagged with it, then the photos from them. */
export function HorseNewsSections({ news, horse }: { news: HorseNews | null; horse: string }) {
  const t = useT();
  if (!news || news.posts.length === 0) return null;
  return (
    <>
      <PostsSection posts={news.posts} title={t("news.aboutHorse", { horse })} id="horse-news" />
      {news.photos.length ? (
        <section aria-labelledby="horse-photos" className="mx-auto max-w-6xl px-4 pb-12">
          <h2 id="horse-photos" className="text-3xl font-bold text-brand-900">
            {t("news.horsePhotos", { horse })}
          </h2>
          <div className="mt-6">
            <PostGallery photos={news.photos} label={t("news.horsePhotos", { horse })} />
          </div>
        </section>
      ) : null}
    </>
  );
}
