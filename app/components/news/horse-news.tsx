import { Link } from "react-router";
import { PageSection } from "~/components/page-section";
import { pathTo } from "~/pages/registry";
import { useLang, useT } from "~/i18n/use-lang";
import type { HorseNews } from "~/news/post-types";
import { PostGallery } from "./post-gallery";
import { PostCards } from "./post-cards";

/**
 * A horse page's news (the public one, and its owners' page): the posts tagged with it, then the
 * photos from them, as sections of the page (its width and indent).
 */
export function HorseNewsSections({ news, horse }: { news: HorseNews | null; horse: string }) {
  const t = useT();
  const lang = useLang();
  if (!news || news.posts.length === 0) return null;
  return (
    <>
      <PageSection id="horse-news" title={t("news.aboutHorse", { horse })} className="mt-14">
        <PostCards posts={news.posts} headingLevel="h3" className="mt-6" />
        <p className="mt-6">
          <Link to={pathTo("news", { lang })} className="font-medium text-brand-700 underline">
            {t("news.all")}
          </Link>
        </p>
      </PageSection>
      {news.photos.length ? (
        <PageSection id="horse-photos" title={t("news.horsePhotos", { horse })} className="mt-14">
          <div className="mt-6">
            <PostGallery photos={news.photos} label={t("news.horsePhotos", { horse })} />
          </div>
        </PageSection>
      ) : null}
    </>
  );
}
