import { data, Link } from "react-router";
import type { Route } from "./+types/news-item";
import { NotFoundPage } from "~/components/not-found-page";
import { ReadFailed } from "~/components/read-failed";
import { LeadPhoto, PostBody } from "~/components/news/post-content";
import { PostGallery } from "~/components/news/post-gallery";
import { VideoEmbed } from "~/components/news/video-embed";
import newsScript from "~/islands/news-video.ts?worker&url";
import { getPublishedPost } from "~/models/post.server";
import { stableNameFrom } from "~/models/site-settings";
import { getSiteSettings } from "~/models/site-settings.server";
import { mediaStorage } from "~/media/media-storage.server";
import { keyFromMediaUrl } from "~/media/storage.server";
import { log } from "~/platform/log.server";
import { SOCIAL_CARD } from "~/media/image";
import { newsArticle, viewOf, type PostView } from "~/news/post-views.server";
import { publicOrigin } from "~/platform/origin.server";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import type { RouteHandle } from "~/routes/+shared/route-handle";
import { isSlugShaped } from "~/racing/slug";
import { seo } from "~/seo/seo";
import { jsonLd } from "~/seo/structured-data";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { useLang, useShown, useT } from "~/i18n/use-lang";

type Page = { state: "missing" } | { state: "failed" } | { state: "found"; post: PostView; article: string };

export const handle: RouteHandle = { hydrate: false, script: newsScript };

export async function loader({ request, params }: Route.LoaderArgs) {
  const missing = () => data<Page>({ state: "missing" }, { status: 404 });
  if (!isSlugShaped(params.slug)) return missing();
  const read = await readForPage("news post", async () => {
    const found = await getPublishedPost(params.slug);
    return found && { found, site: await getSiteSettings() };
  });
  if (!read.ok) return data<Page>({ state: "failed" }, FAILED_READ_INIT);
  if (!read.value) return missing();
  const lang = langFromPath(new URL(request.url).pathname);
  const view = viewOf(read.value.found, lang);
  const post = { ...view, socialCard: await existingCard(view.socialCard) };
  const article = jsonLd(newsArticle(post, publicOrigin(request), lang, read.value.site.stableName));
  return { state: "found", post, article } satisfies Page;
}

/** The first photo's link-preview crop, when it exists (a photo moved up from a later slot has none). */
async function existingCard(url: string | null): Promise<string | null> {
  const key = keyFromMediaUrl(url);
  try {
    return key && (await mediaStorage().exists(key)) ? url : null;
  } catch (error) {
    log.warn("could not look for a post's link-preview image", { error });
    return null;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function NewsItemPage({ loaderData }: Route.ComponentProps) {
  const page = loaderData as Page;
  const t = useT();
  const lang = useLang();
  const shown = useShown();
  if (page.state === "missing") return <NotFoundPage />;
  if (page.state === "failed") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <ReadFailed heading={t("news.errorHeading")} text={t("news.errorText")} pageHeading />
      </div>
    );
  }
  const { post, article } = page;
  const [lead, ...more] = post.photos;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: article }} />
      <p className="text-sm">
        <Link to={pathTo("news", { lang })} className="font-medium text-brand-700 underline">
          {t("news.all")}
        </Link>
      </p>
      <article className="mt-4">
        <p className="text-sm text-stone-600">
          <time dateTime={post.publishAt}>{post.date}</time>
        </p>
        <h1 lang={shown.lang(post.title)} className="mt-1 text-4xl font-bold text-brand-900 sm:text-5xl">
          {post.title.text}
        </h1>
        {lead ? <LeadPhoto photo={lead} priority className="mt-8" /> : null}
        <PostBody
          html={post.body.html}
          lang={shown.lang(post.body)}
          className="mt-8 text-lg [&_h2]:mt-8 [&_h2]:text-2xl [&_h3]:text-xl"
        />
        {post.video ? (
          <div className="mt-10">
            <VideoEmbed video={post.video} title={post.title.text} />
          </div>
        ) : null}
        {more.length ? (
          <section aria-labelledby="post-photos" className="mt-10">
            <h2 id="post-photos" className="text-2xl font-bold text-brand-900">
              {t("news.photos")}
            </h2>
            <div className="mt-4">
              <PostGallery photos={more} label={t("news.photos")} />
            </div>
          </section>
        ) : null}
        {post.horses.length ? (
          <section aria-labelledby="post-horses" className="mt-10">
            <h2 id="post-horses" className="text-2xl font-bold text-brand-900">
              {t("news.horses")}
            </h2>
            <ul className="mt-4 flex flex-wrap gap-3">
              {post.horses.map((h) => (
                <li key={h.slug}>
                  <Link
                    to={pathTo("horse", { slug: h.slug, lang })}
                    className="inline-block rounded-full border border-brand-200 bg-brand-50 px-4 py-1.5 font-medium text-brand-800 hover:bg-brand-100"
                  >
                    {h.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.data as Page | undefined;
  const t = translator(langFromPath(args.location.pathname));
  if (!page || page.state !== "found") {
    return [{ title: t("notFound.title") }, { name: "robots", content: "noindex" }];
  }
  const { post } = page;
  const tags = seo(args, {
    title: `${post.title.text} | ${stableNameFrom(args.matches)}`,
    description: post.excerpt.text,
    ...(post.socialCard
      ? { image: post.socialCard, imageAlt: post.photos[0]?.description.text || post.title.text }
      : {}),
  });
  if (post.socialCard) {
    tags.push(
      { property: "og:image:width", content: String(SOCIAL_CARD.width) },
      { property: "og:image:height", content: String(SOCIAL_CARD.height) },
    );
  }
  return tags;
}
