import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { createHorse } from "~/models/horse.server";
import { createPost, type NewPost } from "~/models/post.server";
import { sitemapXml } from "./sitemap";
import * as newsItem from "./news-item";
import * as newsList from "./news";
import * as home from "./home";
import * as horsePage from "./horse";
import * as atom from "./news-atom";
import * as rss from "./news-rss";
import * as sitemap from "./sitemap";

useFreshDatabase();

const base: NewPost = {
  title: "Post",
  body: "Body",
  video: null,
  publishAt: "2026-01-01T10:00:00.000Z",
  draft: false,
  horseIds: [],
  photos: [],
};

async function load<T>(
  module: { loader: (args: never) => unknown },
  path: string,
  params: Record<string, string> = {},
) {
  const outcome = await module.loader({
    request: new Request(`http://localhost${path}`),
    params,
    context: {},
  } as never);
  if (outcome && typeof outcome === "object" && "init" in outcome && "data" in outcome) {
    const o = outcome as { data: T; init?: ResponseInit | null };
    return { status: o.init?.status ?? 200, data: o.data };
  }
  return { status: 200, data: outcome as T };
}

type Shown = { text: string; lang: "en" | "da" };
type ListPage = { state: string; posts: { title: Shown; date: string; excerpt: Shown }[]; pages: number };
type ItemPage = {
  state: string;
  post: { body: { html: string; lang: string }; title: Shown; photos: { description: Shown }[] };
  article: string;
};

describe("the news pages", () => {
  it("list the public posts newest first, ten a page, dated as each language writes dates", async () => {
    for (let i = 1; i <= 11; i++) {
      await createPost({
        ...base,
        title: `Post ${i}`,
        publishAt: `2026-05-${String(i).padStart(2, "0")}T10:00:00.000Z`,
      });
    }
    await createPost({ ...base, title: "Draft", draft: true });
    const first = await load<ListPage>(newsList, "/news");
    expect(first.data.posts).toHaveLength(10);
    expect(first.data.posts[0]).toMatchObject({ title: { text: "Post 11", lang: "en" }, date: "11 May 2026" });
    const danish = await load<ListPage>(newsList, "/da/news");
    expect(danish.data.posts[0]).toMatchObject({ date: "11. maj 2026" });
    expect((await load<ListPage>(newsList, "/da/news?page=2")).data.posts.map((p) => p.title.text)).toEqual(["Post 1"]);
    expect((await load<ListPage>(newsList, "/news?page=3")).status).toBe(404);
    expect((await load<ListPage>(newsList, "/news?page=x")).status).toBe(404);
  });

  it("show a post with its language, safe body, horses and NewsArticle data; stored XSS stays text", async () => {
    const h = await createHorse({ name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D" });
    const { slug } = await createPost({
      ...base,
      title: "",
      titleDa: "</script><script>alert(1)</script>",
      body: "",
      bodyDa: "<img src=x onerror=alert(1)> [x](javascript:alert(1)) **ok**",
      horseIds: [h.id],
    });
    const page = await load<ItemPage>(newsItem, `/news/${slug}`, { slug });
    // In Danish only: the English page shows the Danish text, marked as Danish.
    expect(page.data.post.title.lang).toBe("da");
    expect(page.data.post.body.lang).toBe("da");
    expect(page.data.post.body.html).not.toMatch(/<img|<script|href="javascript/);
    expect(page.data.post.body.html).toContain("<strong>ok</strong>");
    expect(page.data.article).not.toContain("</script>");
    expect(JSON.parse(page.data.article)).toMatchObject({
      "@type": "NewsArticle",
      headline: "</script><script>alert(1)</script>",
      inLanguage: "da",
    });
    expect((await load<ItemPage>(newsItem, "/news/nope", { slug: "nope" })).status).toBe(404);
    const draft = await createPost({ ...base, title: "Secret", draft: true });
    expect((await load<ItemPage>(newsItem, `/news/${draft.slug}`, { slug: draft.slug })).status).toBe(404);
  });

  it("show each language its own text and fall back to the other, field by field", async () => {
    const photo = { url: "/media/post-photos/1-aaaaaaaaaaaa.jpg", width: 800, height: 600 };
    const { slug } = await createPost({
      ...base,
      title: "Nordlys wins the Derby",
      titleDa: "Nordlys vinder Derbyet",
      body: "He **won** by a neck.",
      bodyDa: "",
      photos: [{ position: 1, image: photo, description: "In the winner's circle", descriptionDa: "I vindercirklen" }],
    });
    const english = (await load<ItemPage>(newsItem, `/news/${slug}`, { slug })).data.post;
    expect(english.title).toEqual({ text: "Nordlys wins the Derby", lang: "en" });
    expect(english.photos[0]!.description).toEqual({ text: "In the winner's circle", lang: "en" });
    const danish = (await load<ItemPage>(newsItem, `/da/news/${slug}`, { slug })).data.post;
    expect(danish.title).toEqual({ text: "Nordlys vinder Derbyet", lang: "da" });
    expect(danish.photos[0]!.description).toEqual({ text: "I vindercirklen", lang: "da" });
    // No Danish body: the English one, marked so.
    expect(danish.body).toMatchObject({ lang: "en" });
    expect(danish.body.html).toContain("<strong>won</strong>");
    const list = (await load<ListPage>(newsList, "/da/news")).data.posts[0]!;
    expect(list.title).toEqual({ text: "Nordlys vinder Derbyet", lang: "da" });
    expect(list.excerpt).toEqual({ text: "He won by a neck.", lang: "en" });
  });

  it("are in the sitemap in both languages, drafts not", async () => {
    const xml = sitemapXml("https://stald.example", { news: [{ slug: "first-post" }] });
    expect(xml).toContain("<loc>https://stald.example/news/first-post</loc>");
    expect(xml).toContain("<loc>https://stald.example/da/news/first-post</loc>");
    expect(xml).toContain("<loc>https://stald.example/news</loc>");
  });

  it("never show an owners-only post: not the list, its address, Home, its horse's page, the feeds or the sitemap", async () => {
    const h = await createHorse({ name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D" });
    const photo = { url: "/owners/media/post-photos/1-aaaaaaaaaaaa.jpg", width: 800, height: 600 };
    const secret = await createPost({
      ...base,
      title: "Owners only: the vet's report",
      audience: "owners",
      horseIds: [h.id],
      photos: [{ position: 1, image: photo, description: "Private photo" }],
    });
    await createPost({ ...base, title: "Open news", horseIds: [h.id] });
    const seen = async (module: { loader: (args: never) => unknown }, path: string, params = {}) => {
      const answer = await load<unknown>(module, path, params);
      const body = answer.data instanceof Response ? await answer.data.text() : JSON.stringify(answer.data);
      return { status: answer.data instanceof Response ? answer.data.status : answer.status, body };
    };
    for (const [module, path, params] of [
      [newsList, "/news", {}],
      [newsList, "/da/news", {}],
      [home, "/", {}],
      [home, "/da", {}],
      [horsePage, `/horses/${h.slug}`, { slug: h.slug! }],
      [horsePage, `/da/horses/${h.slug}`, { slug: h.slug! }],
      [rss, "/news.rss", {}],
      [atom, "/news.atom", {}],
      [sitemap, "/sitemap.xml", {}],
    ] as const) {
      const { status, body } = await seen(module, path, params);
      expect([path, status]).toEqual([path, 200]);
      expect(body, path).not.toContain("vet's report");
      expect(body, path).not.toContain(secret.slug);
      expect(body, path).not.toContain("/owners/media/");
    }
    expect((await seen(newsList, "/news")).body).toContain("Open news");
    for (const path of [`/news/${secret.slug}`, `/da/news/${secret.slug}`]) {
      const { status, body } = await seen(newsItem, path, { slug: secret.slug });
      expect([path, status]).toEqual([path, 404]);
      expect(body).not.toContain("vet's report");
    }
  });
});
