import { parseFeed } from "@rowanmanning/feed-parser";
import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { createPost, type NewPost } from "~/models/post.server";
import * as atomRoute from "~/routes/news-atom";
import * as rssRoute from "~/routes/news-rss";
import { XML_FORBIDDEN } from "~/utils/xml";

useFreshDatabase();

/** A post in Danish only: the English feed shows it in Danish and links to its Danish page. */
const base: NewPost = {
  title: "",
  titleDa: "Derby day <script>alert(1)</script> & more",
  body: "",
  bodyDa: "Nordlys **won**.\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1))",
  video: null,
  publishAt: "2026-05-01T10:00:00.000Z",
  draft: false,
  horseIds: [],
  photos: [{ position: 1, image: { url: "/media/post-photos/a.webp", width: 1600, height: 1200 }, description: "" }],
};

async function get(route: { loader: (args: never) => unknown }, path: string) {
  const res = (await route.loader({
    request: new Request(`http://localhost${path}`),
    params: {},
    context: {},
  } as never)) as Response;
  return { res, text: await res.text() };
}

describe("the news feeds", () => {
  it.each([
    ["RSS 2.0", rssRoute, "/news.rss", "application/rss+xml; charset=utf-8", "rss"],
    ["Atom 1.0", atomRoute, "/news.atom", "application/atom+xml; charset=utf-8", "atom"],
  ] as const)(
    "%s parses, carries the whole sanitised post and its first photo, not drafts",
    async (_, route, path, type, format) => {
      await createPost(base);
      await createPost({ ...base, title: "Draft", draft: true });
      await createPost({ ...base, title: "Tomorrow", publishAt: "2099-01-01T10:00:00.000Z" });
      const { res, text } = await get(route, path);
      expect(res.headers.get("Content-Type")).toBe(type);
      const feed = parseFeed(text);
      expect(feed.meta.type).toBe(format);
      expect(feed.items).toHaveLength(1);
      const [item] = feed.items;
      expect(item!.title).toBe("Derby day <script>alert(1)</script> & more");
      expect(item!.url).toMatch(/\/da\/news\/derby-day-script-alert-1-script-more$/);
      expect(item!.content).toContain("<strong>won</strong>");
      expect(item!.content).not.toMatch(/<script|href="javascript/);
      expect(item!.published?.toISOString()).toBe("2026-05-01T10:00:00.000Z");
      expect(item!.media.map((m) => m.url)).toContain("http://localhost/media/post-photos/a.webp");
    },
  );

  it.each([
    ["RSS 2.0", rssRoute, "/news.rss"],
    ["Atom 1.0", atomRoute, "/news.atom"],
  ] as const)("%s stays well-formed with every C0 control character in a post", async (_, route, path) => {
    // U+0001 to U+001F: PostgreSQL stores no U+0000 at all (app/utils/xml.test.ts drops it too).
    const controls = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join("");
    await createPost({ ...base, title: `Line${controls}break`, body: `Word's\u000Bmanual break ${controls} end` });
    const { text } = await get(route, path);
    expect(XML_FORBIDDEN.test(text)).toBe(false);
    const [item] = parseFeed(text).items;
    expect(item!.title).toMatch(/^Line\s*break$/);
    expect(item!.content).toContain("manual break");
  });

  it("answer 503, not stored, when the database fails", async () => {
    const { db } = await import("~/platform/db.server");
    const { sql } = await import("kysely");
    await sql`alter table posts rename to posts_gone`.execute(db());
    const { res } = await get(rssRoute, "/news.rss");
    expect(res.status).toBe(503);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
});
