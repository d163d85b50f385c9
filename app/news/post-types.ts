import type { Lang } from "~/i18n/lang";
import type { ImageRef } from "~/models/image-columns";

/** A post as lists show it (news, Home, a horse's page): no body, an excerpt. */
export type PostSummary = {
  slug: string;
  title: string;
  language: Lang;
  publishAt: string;
  date: string;
  excerpt: string;
  photo: { image: ImageRef; description: string } | null;
};

/** A post as its own page shows it: the body as safe HTML, the photos, the video's two addresses. */
export type PostView = PostSummary & {
  html: string;
  updatedAt: string;
  photos: { image: ImageRef; description: string }[];
  video: { provider: "youtube" | "vimeo"; watchUrl: string; embedUrl: string } | null;
  horses: { name: string; slug: string }[];
  /** The first photo's 1200 × 630 crop (its link preview), when it is a stored upload. */
  socialCard: string | null;
};

/** What a horse's page shows of the news: the posts tagged with it and a gallery of their photos. */
export type HorseNews = { posts: PostSummary[]; photos: { image: ImageRef; description: string }[] };
