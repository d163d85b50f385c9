import { Link } from "react-router";
import { pathTo } from "~/pages/registry";
import { useLang, useShown, useT } from "~/i18n/use-lang";
import { ResponsiveImage, THREE_COLUMN_CARD_SIZES } from "~/media/responsive-image";
import type { PostSummary } from "~/news/post-types";
import { cn } from "~/utils/cn";

/**
 * Posts as cards: photo, title, date and excerpt in the page's language, or a text the post has only
 * in the other language marked as such.
 */
export function PostCards({
  posts,
  headingLevel = "h2",
  firstIsPriority = false,
  className,
}: {
  posts: PostSummary[];
  headingLevel?: "h2" | "h3";
  firstIsPriority?: boolean;
  className?: string;
}) {
  const lang = useLang();
  const shown = useShown();
  const Heading = headingLevel;
  return (
    <ul className={cn("grid gap-8 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {posts.map((post, i) => (
        <li
          key={post.slug}
          className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
        >
          <ResponsiveImage
            image={post.photo?.image}
            alt={post.photo?.description.text ?? ""}
            altLang={post.photo ? shown.lang(post.photo.description) : undefined}
            sizes={THREE_COLUMN_CARD_SIZES}
            priority={firstIsPriority && i === 0}
            className="aspect-[4/3] w-full bg-stone-100 object-cover"
          />
          <div className="flex flex-1 flex-col p-5">
            <p className="text-sm text-stone-600">
              <time dateTime={post.publishAt}>{post.date}</time>
            </p>
            <Heading className="mt-1 text-xl font-bold text-brand-900" lang={shown.lang(post.title)}>
              <Link to={pathTo("news-item", { slug: post.slug, lang })} className="hover:underline">
                {post.title.text}
              </Link>
            </Heading>
            <p className="mt-2 text-stone-700" lang={shown.lang(post.excerpt)}>
              {post.excerpt.text}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Home's and a horse page's section of posts, with a link to all news; nothing when there are none. */
export function PostsSection({ posts, title, id }: { posts: PostSummary[]; title?: string; id: string }) {
  const lang = useLang();
  const t = useT();
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-12">
      <h2 id={id} className="text-3xl font-bold text-brand-900">
        {title ?? t("news.latest")}
      </h2>
      <PostCards posts={posts} headingLevel="h3" className="mt-6" />
      <p className="mt-6">
        <Link to={pathTo("news", { lang })} className="font-medium text-brand-700 underline">
          {t("news.all")}
        </Link>
      </p>
    </section>
  );
}
