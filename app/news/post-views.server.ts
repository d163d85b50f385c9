import { latestPosts, postsTaggedWith, type Post, type PostPhoto } from "~/models/post.server";
import { both } from "~/models/bilingual";
import { isStoredImageUrl, socialCardUrl } from "~/media/image";
import type { Lang } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { shownIn } from "~/i18n/localized";
import { formatDayOf } from "~/racing/format";
import { postExcerpt, renderPostBody } from "./markdown.server";
import { videoEmbedUrl, videoWatchUrl } from "./video-link";
import type { HorseNews, PostPhotoView, PostSummary, PostView } from "./post-types";

export type { HorseNews, PostSummary, PostView } from "./post-types";

const photoView = (photo: PostPhoto, lang: Lang): PostPhotoView => ({
  image: photo.image,
  description: shownIn(both(photo, "description"), lang),
});

/** A post as a list in `lang` shows it: its title and excerpt in that language where the post has them. */
export function summaryOf(post: Post, lang: Lang): PostSummary {
  const first = post.photos[0];
  const body = shownIn(both(post, "body"), lang);
  return {
    slug: post.slug,
    title: shownIn(both(post, "title"), lang),
    publishAt: post.publishAt,
    date: formatDayOf(post.publishAt, lang),
    excerpt: { text: postExcerpt(body.text), lang: body.lang },
    photo: first ? photoView(first, lang) : null,
  };
}

/** `titleLevel`: the heading level the page gives the post's title (1 on the post's own page). */
export function viewOf(post: Post, lang: Lang, { titleLevel = 1 }: { titleLevel?: number } = {}): PostView {
  const first = post.photos[0];
  const body = shownIn(both(post, "body"), lang);
  return {
    ...summaryOf(post, lang),
    body: { html: renderPostBody(body.text, { titleLevel }), lang: body.lang },
    updatedAt: post.updatedAt,
    photos: post.photos.map((photo) => photoView(photo, lang)),
    video: post.video
      ? { provider: post.video.provider, watchUrl: videoWatchUrl(post.video), embedUrl: videoEmbedUrl(post.video) }
      : null,
    horses: post.horses.map((h) => ({ name: h.name, slug: h.slug })),
    socialCard: first && isStoredImageUrl(first.image.url) ? socialCardUrl(first.image.url) : null,
  };
}

/** A post's address in a language of the site. */
export function postPath(slug: string, lang: Lang) {
  return pathTo("news-item", { slug, lang });
}

/** schema.org NewsArticle for a post's page in `lang`. */
export function newsArticle(post: PostView, origin: string, lang: Lang, publisher: string) {
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: post.title.text,
    inLanguage: post.body.lang,
    datePublished: post.publishAt,
    dateModified: post.updatedAt > post.publishAt ? post.updatedAt : post.publishAt,
    mainEntityOfPage: `${origin}${postPath(post.slug, lang)}`,
    description: post.excerpt.text,
    ...(post.photos.length ? { image: post.photos.map((p) => origin + p.image.url) } : {}),
    author: { "@type": "Organization", name: publisher },
    publisher: { "@type": "Organization", name: publisher },
    ...(post.horses.length ? { about: post.horses.map((h) => ({ "@type": "Thing", name: h.name })) } : {}),
  };
}

/** Home's latest posts. */
export async function latestPostSummaries(limit: number, lang: Lang): Promise<PostSummary[]> {
  return (await latestPosts(limit)).map((post) => summaryOf(post, lang));
}

export async function horseNews(horseId: string, lang: Lang): Promise<HorseNews> {
  const posts = await postsTaggedWith(horseId);
  return {
    posts: posts.map((post) => summaryOf(post, lang)),
    photos: posts.flatMap((p) => p.photos.map((photo) => photoView(photo, lang))),
  };
}
