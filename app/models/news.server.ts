import { contentChanged } from "~/platform/invalidation.server";
import { db } from "~/platform/db.server";
import { recordActivity } from "./activity.server";

/** The banner: `text` is the spec's news text (English), `textDa` the Danish one ("" where not given). */
export type News = { id: string; text: string; textDa: string; createdAt: string };

const COLUMNS = ["id", "news_text", "news_text_da", "created_at"] as const;

const toNews = (row: { id: string; news_text: string; news_text_da: string; created_at: string }): News => ({
  id: row.id,
  text: row.news_text,
  textDa: row.news_text_da,
  createdAt: row.created_at,
});

export async function getLatestNews(): Promise<News | null> {
  const row = await db()
    .selectFrom("latest_news")
    .select(COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toNews(row) : null;
}

/**
 * Saves the banner text as the newest news row (the spec's upsert: with an id it replaces that row);
 * `textDa` is its Danish text, "" for none.
 */
export async function saveNews(text: string, id?: string, textDa = ""): Promise<News> {
  const createdAt = new Date().toISOString();
  const row = await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom("latest_news")
        .select(["news_text", "news_text_da"])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      const updated = id
        ? await trx
            .updateTable("latest_news")
            .set({ news_text: text, news_text_da: textDa, created_at: createdAt })
            .where("id", "=", id)
            .returning(COLUMNS)
            .executeTakeFirst()
        : undefined;
      const saved =
        updated ??
        (await trx
          .insertInto("latest_news")
          .values({ id: id ?? crypto.randomUUID(), news_text: text, news_text_da: textDa, created_at: createdAt })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow());
      const changes = [{ field: "News", old: before?.news_text ?? null, new: saved.news_text }];
      if ((before?.news_text_da ?? "") !== saved.news_text_da)
        changes.push({ field: "News (Danish)", old: before?.news_text_da ?? null, new: saved.news_text_da });
      await recordActivity(
        { kind: "update", entity: "news", entityId: saved.id, summary: "Latest news updated", changes },
        { trx },
      );
      return saved;
    });
  contentChanged();
  return toNews(row);
}
