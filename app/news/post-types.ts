import type { Shown } from "~/i18n/localized";
import type { ImageRef } from "~/models/image-columns";

/** A photo of a post, its description in the page's language (or the other, marked so). */
export type PostPhotoView = { image: ImageRef; description: Shown };

/**
 * A post as lists show it (news, Home, a horse's page): no body, an excerpt. Each text is in the
 * page's language where the post has it, else in the other (decision 0230).
 */
export type PostSummary = {
  slug: string;
  title: Shown;
  publishAt: string;
  /** The day it appeared, as the page's language writes it. */
  date: string;
  excerpt: Shown;
  photo: PostPhotoView | null;
};

/** A post as its own page shows it: the body as safe HTML, the photos, the video's two addresses. */
export type PostView = PostSummary & {
  body: { html: string; lang: Shown["lang"] };
  updatedAt: string;
  photos: PostPhotoView[];
  video: { provider: "youtube" | "vimeo"; watchUrl: string; embedUrl: string } | null;
  horses: { name: string; slug: string }[];
  /** The first photo's 1200 × 630 crop (its link preview), when it is a stored upload. */
  socialCard: string | null;
};

/** What a horse's page shows of the news: the posts tagged with it and a gallery of their photos. */
export type HorseNews = { posts: PostSummary[]; photos: PostPhotoView[] };
