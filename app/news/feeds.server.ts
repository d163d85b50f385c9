import { latestPosts } from "~/models/post.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { DEFAULT_SITE_SETTINGS } from "~/models/site-settings";
import { mediaStorage } from "~/media/media-storage.server";
import { keyFromMediaUrl } from "~/media/storage.server";
import { log } from "~/platform/log.server";
import { both } from "~/models/bilingual";
import { shownIn } from "~/i18n/localized";
import { xmlText } from "~/utils/xml";
import { postPath, viewOf, type PostView } from "./post-views.server";
import { renderPostBody } from "./markdown.server";

/** How many posts the feeds carry. */
export const FEED_SIZE = 20;

export type FeedPost = PostView & {
  url: string;
  content: string;
  enclosure: { url: string; type: string; length: number } | null;
};

const TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

async function enclosureOf(post: PostView, origin: string): Promise<FeedPost["enclosure"]> {
  const photo = post.photos[0];
  if (!photo) return null;
  const type = TYPES[photo.image.url.split(".").pop()?.toLowerCase() ?? ""] ?? "image/jpeg";
  const key = keyFromMediaUrl(photo.image.url);
  let length = 0;
  try {
    length = key ? ((await mediaStorage().list(key, { limit: 1 })).find((f) => f.key === key)?.size ?? 0) : 0;
  } catch (error) {
    log.warn("could not size a feed enclosure", { error });
  }
  return { url: origin + photo.image.url, type, length };
}

/**
 * The latest public posts and the stable's name, as both feeds carry them: the feeds are the English
 * site's, so each post is in English where it has it, else in Danish (Atom says so per element).
 */
export async function feedContent(origin: string): Promise<{ title: string; posts: FeedPost[] }> {
  const [posts, site] = await Promise.all([
    latestPosts(FEED_SIZE),
    getSiteSettings().catch(() => DEFAULT_SITE_SETTINGS),
  ]);
  const feedPosts = await Promise.all(
    posts.map(async (post) => {
      const view = viewOf(post, "en");
      return {
        ...view,
        url: origin + postPath(post.slug, view.body.lang),
        content: renderPostBody(shownIn(both(post, "body"), "en").text),
        enclosure: await enclosureOf(view, origin),
      };
    }),
  );
  return { title: site.stableName, posts: feedPosts };
}

/** RSS 2.0. */
export function rssFeed(origin: string, title: string, posts: FeedPost[]): string {
  const items = posts.map((p) =>
    [
      "    <item>",
      `      <title>${xmlText(p.title.text)}</title>`,
      `      <link>${xmlText(p.url)}</link>`,
      `      <guid isPermaLink="true">${xmlText(p.url)}</guid>`,
      `      <pubDate>${new Date(p.publishAt).toUTCString()}</pubDate>`,
      `      <description>${xmlText(p.excerpt.text)}</description>`,
      `      <content:encoded>${xmlText(p.content)}</content:encoded>`,
      ...(p.enclosure
        ? [
            `      <enclosure url="${xmlText(p.enclosure.url)}" length="${p.enclosure.length}" type="${p.enclosure.type}"/>`,
          ]
        : []),
      "    </item>",
    ].join("\n"),
  );
  const updated = posts[0] ? new Date(posts[0].publishAt).toUTCString() : new Date(0).toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "  <channel>",
    `    <title>${xmlText(title)}</title>`,
    `    <link>${xmlText(origin)}/news</link>`,
    `    <description>${xmlText(title)}</description>`,
    `    <atom:link href="${xmlText(origin)}/news.rss" rel="self" type="application/rss+xml"/>`,
    `    <lastBuildDate>${updated}</lastBuildDate>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** Atom 1.0; each entry says the language it was written in. */
export function atomFeed(origin: string, title: string, posts: FeedPost[]): string {
  const updatedOf = (p: FeedPost) => (p.updatedAt > p.publishAt ? p.updatedAt : p.publishAt);
  const updated = posts.length ? posts.map(updatedOf).sort().at(-1)! : new Date(0).toISOString();
  const entries = posts.map((p) =>
    [
      `  <entry xml:lang="${p.body.lang}">`,
      `    <title type="text" xml:lang="${p.title.lang}">${xmlText(p.title.text)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(p.url)}"/>`,
      `    <id>${xmlText(p.url)}</id>`,
      `    <published>${p.publishAt}</published>`,
      `    <updated>${updatedOf(p)}</updated>`,
      `    <summary type="text">${xmlText(p.excerpt.text)}</summary>`,
      `    <content type="html">${xmlText(p.content)}</content>`,
      ...(p.enclosure
        ? [
            `    <link rel="enclosure" type="${p.enclosure.type}" length="${p.enclosure.length}" href="${xmlText(p.enclosure.url)}"/>`,
          ]
        : []),
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title type="text">${xmlText(title)}</title>`,
    `  <id>${xmlText(origin)}/news</id>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(origin)}/news"/>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(origin)}/news.atom"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${xmlText(title)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
