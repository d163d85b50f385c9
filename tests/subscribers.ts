import { INSERT_CHUNK } from "~/models/mail-queue.server";
import { hash, unsubscribeTokenFor } from "~/models/subscriber.server";
import { db } from "~/platform/db.server";

/**
 * `count` confirmed subscribers, subscriber0@example.com … (their unsubscribe links work), written
 * straight into the table: a test of what happens to many subscribers need not confirm each.
 */
export async function confirmedSubscribers(
  count: number,
  { language = "en", from = 0 }: { language?: "en" | "da"; from?: number } = {},
) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => {
    const id = crypto.randomUUID();
    return {
      id,
      email: `subscriber${from + i}@example.com`,
      language,
      state: "confirmed" as const,
      unsubscribe_token_hash: hash(unsubscribeTokenFor({ id, created_at: now })),
      created_at: now,
      confirmed_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await db()
      .insertInto("subscribers")
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  return rows.map((r) => r.email);
}
