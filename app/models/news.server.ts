import { contentChanged } from "~/utils/invalidation.server";
import { db } from "~/utils/db.server";

export type News = { id: string; text: string; createdAt: string };

export async function getLatestNews(): Promise<News | null> {
  const row = await db()
    .selectFrom("latest_news")
    .select(["id", "news_text", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, text: row.news_text, createdAt: row.created_at } : null;
}

/** Saves the banner text as the newest news row (the spec's upsert: with an id it replaces that row). */
export async function saveNews(text: string, id?: string): Promise<News> {
  const createdAt = new Date().toISOString();
  if (id) {
    const row = await db()
      .updateTable("latest_news")
      .set({ news_text: text, created_at: createdAt })
      .where("id", "=", id)
      .returning(["id", "news_text", "created_at"])
      .executeTakeFirst();
    if (row) {
      contentChanged();
      return { id: row.id, text: row.news_text, createdAt: row.created_at };
    }
  }
  const row = await db()
    .insertInto("latest_news")
    .values({ id: id ?? crypto.randomUUID(), news_text: text, created_at: createdAt })
    .returning(["id", "news_text", "created_at"])
    .executeTakeFirstOrThrow();
  contentChanged();
  return { id: row.id, text: row.news_text, createdAt: row.created_at };
}
