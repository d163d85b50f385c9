import { latestPosts, postsTaggedWith, type Post } from "~/models/post.server";
import { isStoredImageUrl, socialCardUrl } from "~/media/image";
import { localizedPath, type Lang } from "~/i18n/lang";
import { postExcerpt, renderPostBody } from "./markdown.server";
import { postDate } from "./publish-at";
import { videoEmbedUrl, videoWatchUrl } from "./video-link";
import type { HorseNews, PostSummary, PostView } from "./post-types";

export type { HorseNews, PostSummary, PostView } from "./post-types";

export function summaryOf(post: Post): PostSummary {
  const first = post.photos[0];
  return {
    slug: post.slug,
    title: post.title,
    language: post.language,
    publishAt: post.publishAt,
    date: postDate(post.publishAt),
    excerpt: postExcerpt(post.body),
    photo: first ? { image: first.image, description: first.description } : null,
  };
}

/** `titleLevel`: the heading level the page gives the post's title (1 on the post's own page). */
export function viewOf(post: Post, { titleLevel = 1 }: { titleLevel?: number } = {}): PostView {
  const first = post.photos[0];
  return {
    ...summaryOf(post),
    html: renderPostBody(post.body, { titleLevel }),
    updatedAt: post.updatedAt,
    photos: post.photos.map((p) => ({ image: p.image, description: p.description })),
    video: post.video
      ? { provider: post.video.provider, watchUrl: videoWatchUrl(post.video), embedUrl: videoEmbedUrl(post.video) }
      : null,
    horses: post.horses.map((h) => ({ name: h.name, slug: h.slug })),
    socialCard: first && isStoredImageUrl(first.image.url) ? socialCardUrl(first.image.url) : null,
  };
}

/** A post's address in a language of the site. */
export function postPath(slug: string, lang: Lang) {
  return localizedPath(`/news/${slug}`, lang);
}

/** schema.org NewsArticle for a post's page. */
export function newsArticle(post: PostView, origin: string, lang: Lang, publisher: string) {
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: post.title,
    inLanguage: post.language,
    datePublished: post.publishAt,
    dateModified: post.updatedAt > post.publishAt ? post.updatedAt : post.publishAt,
    mainEntityOfPage: `${origin}${postPath(post.slug, lang)}`,
    description: post.excerpt,
    ...(post.photos.length ? { image: post.photos.map((p) => origin + p.image.url) } : {}),
    author: { "@type": "Organization", name: publisher },
    publisher: { "@type": "Organization", name: publisher },
    ...(post.horses.length ? { about: post.horses.map((h) => ({ "@type": "Thing", name: h.name })) } : {}),
  };
}

/** Home's latest posts. */
export async function latestPostSummaries(limit: number): Promise<PostSummary[]> {
  return (await latestPosts(limit)).map(summaryOf);
}

export async function horseNews(horseId: string): Promise<HorseNews> {
  const posts = await postsTaggedWith(horseId);
  return {
    posts: posts.map(summaryOf),
    photos: posts.flatMap((p) => p.photos.map((photo) => ({ image: photo.image, description: photo.description }))),
  };
}
