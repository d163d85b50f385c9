import type { Route } from "./+types/news-atom";
import { contentTypeOf } from "~/pages/registry";
import { atomFeed, feedContent } from "~/news/feeds.server";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";

/** GET /news.atom: the latest public posts, their whole (sanitised) text and first photo. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  try {
    const { title, posts } = await feedContent(origin);
    return new Response(atomFeed(origin, title, posts), {
      headers: { "Content-Type": contentTypeOf("news-atom"), "Cache-Control": "public, max-age=900" },
    });
  } catch (error) {
    log.error("Reading posts for the news feed failed", { error });
    return new Response("The news feed is not available right now. Please try again later.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
    });
  }
}
