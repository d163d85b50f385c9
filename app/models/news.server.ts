import { contentChanged } from "~/platform/invalidation.server";
import { db } from "~/platform/db.server";
import { recordActivity } from "./activity.server";

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
  const row = await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom("latest_news")
        .select("news_text")
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      const updated = id
        ? await trx
            .updateTable("latest_news")
            .set({ news_text: text, created_at: createdAt })
            .where("id", "=", id)
            .returning(["id", "news_text", "created_at"])
            .executeTakeFirst()
        : undefined;
      const saved =
        updated ??
        (await trx
          .insertInto("latest_news")
          .values({ id: id ?? crypto.randomUUID(), news_text: text, created_at: createdAt })
          .returning(["id", "news_text", "created_at"])
          .executeTakeFirstOrThrow());
      await recordActivity(
        {
          kind: "update",
          entity: "news",
          entityId: saved.id,
          summary: "Latest news updated",
          changes: [{ field: "News", old: before?.news_text ?? null, new: saved.news_text }],
        },
        { trx },
      );
      return saved;
    });
  contentChanged();
  return { id: row.id, text: row.news_text, createdAt: row.created_at };
}
