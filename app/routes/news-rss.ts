import type { Route } from "./+types/news-rss";
import { contentTypeOf } from "~/pages/registry";
import { rssFeed, feedContent } from "~/news/feeds.server";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";

/** GET /news.rss: the latest public posts, their whole (sanitised) text and first photo. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  try {
    const { title, posts } = await feedContent(origin);
    return new Response(rssFeed(origin, title, posts), {
      headers: { "Content-Type": contentTypeOf("news-rss"), "Cache-Control": "public, max-age=900" },
    });
  } catch (error) {
    log.error("Reading posts for the news feed failed", { error });
    return new Response("The news feed is not available right now. Please try again later.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
    });
  }
}
