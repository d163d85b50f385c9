import { sql, type Transaction } from "kysely";
import { contentChanged } from "~/utils/invalidation.server";
import type { Database } from "@db/schema";
import { db, lockFor } from "~/utils/db.server";
import { imageFromColumns, imageToColumns, type ImageRef, type NewImage } from "~/utils/image";

export type Winner = {
  id: string;
  horseId: string | null;
  horseName: string | null;
  horseOwner: string | null;
  raceName: string;
  raceDate: string;
  track: string | null;
  distance: string | null;
  jockey: string | null;
  prizeOre: number | null;
  photo: ImageRef | null;
  createdAt: string;
};

/** Victories with their horse's name and owner (null when the horse is gone), latest race first. */
export async function listWinnersWithHorses(): Promise<Winner[]> {
  const rows = await db()
    .selectFrom("winners as w")
    .leftJoin("horses as h", "h.id", "w.horse_id")
    .select([
      "w.id",
      "w.horse_id",
      "h.name as horse_name",
      "h.owner as horse_owner",
      "w.race_name",
      "w.race_date",
      "w.track",
      "w.distance",
      "w.jockey",
      "w.prize_ore",
      "w.photo_url",
      "w.photo_width",
      "w.photo_height",
      "w.created_at",
    ])
    .orderBy("w.race_date", "desc")
    .orderBy("w.created_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    horseId: r.horse_id,
    horseName: r.horse_name,
    horseOwner: r.horse_owner,
    raceName: r.race_name,
    raceDate: r.race_date,
    track: r.track,
    distance: r.distance,
    jockey: r.jockey,
    prizeOre: r.prize_ore,
    photo: imageFromColumns(r, "photo"),
    createdAt: r.created_at,
  }));
}

export type NewWinner = {
  horseId: string;
  raceName: string;
  raceDate: string;
  track?: string | null;
  distance?: string | null;
  jockey?: string | null;
  prizeOre?: number | null;
  photo?: NewImage | null;
};

/**
 * Records a victory and adds its prize to the horse's total in one transaction. The total is
 * incremented in SQL, never read and written back, so simultaneous victories cannot lose money.
 */
export async function createWinner(values: NewWinner): Promise<{ id: string }> {
  const created = await db()
    .transaction()
    .execute(async (trx) => {
      const id = crypto.randomUUID();
      await trx
        .insertInto("winners")
        .values({
          id,
          horse_id: values.horseId,
          race_name: values.raceName,
          race_date: values.raceDate,
          track: values.track || null,
          distance: values.distance || null,
          jockey: values.jockey || null,
          prize_ore: values.prizeOre ?? null,
          ...imageToColumns("photo", values.photo),
          created_at: new Date().toISOString(),
        })
        .execute();
      if (values.prizeOre) {
        await trx
          .updateTable("horses")
          .set({ total_prize_ore: sql`total_prize_ore + ${values.prizeOre}` })
          .where("id", "=", values.horseId)
          .execute();
      }
      return { id };
    });
  contentChanged();
  return created;
}

/** Adds (or, with a negative amount, takes off) prize money on a horse's total, in SQL. */
async function adjustHorseTotal(trx: Transaction<Database>, horseId: string | null, deltaOre: number) {
  if (!horseId || deltaOre === 0) return;
  await trx
    .updateTable("horses")
    .set({
      // A total the administrator lowered by hand may hold less than the prize being taken off;
      // it stops at zero rather than refusing the change to the victory.
      total_prize_ore: sql`case when total_prize_ore + ${deltaOre} < 0 then 0 else total_prize_ore + ${deltaOre} end`,
    })
    .where("id", "=", horseId)
    .execute();
}

/**
 * Updates a victory and keeps the horses' totals right in the same transaction: the old prize is
 * taken off the old horse and the new prize added to the new horse (the same horse: by the
 * difference). Returns the photo it no longer uses, or null when there is no such victory.
 */
export async function updateWinner(id: string, values: NewWinner): Promise<{ replacedImageUrl: string | null } | null> {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      // Serialises edits and deletes of victories, so two of them never both take off the same old prize.
      await lockFor(trx, "winners.prize");
      const before = await trx
        .selectFrom("winners")
        .select(["horse_id", "prize_ore", "photo_url"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!before) return null;
      await trx
        .updateTable("winners")
        .set({
          horse_id: values.horseId,
          race_name: values.raceName,
          race_date: values.raceDate,
          track: values.track || null,
          distance: values.distance || null,
          jockey: values.jockey || null,
          prize_ore: values.prizeOre ?? null,
          ...(values.photo ? imageToColumns("photo", values.photo) : {}),
        })
        .where("id", "=", id)
        .execute();
      const oldPrize = before.prize_ore ?? 0;
      const newPrize = values.prizeOre ?? 0;
      if (before.horse_id === values.horseId) {
        await adjustHorseTotal(trx, values.horseId, newPrize - oldPrize);
      } else {
        await adjustHorseTotal(trx, before.horse_id, -oldPrize);
        await adjustHorseTotal(trx, values.horseId, newPrize);
      }
      const replacedImageUrl = values.photo && before.photo_url !== values.photo.url ? before.photo_url : null;
      return { replacedImageUrl };
    });
  if (result) contentChanged();
  return result;
}

/**
 * Deletes a victory and takes its prize off its horse's total in the same transaction. Returns the
 * photo to remove, or null when there was no such victory.
 */
export async function deleteWinner(id: string): Promise<{ imageUrl: string | null } | null> {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, "winners.prize");
      const row = await trx
        .deleteFrom("winners")
        .where("id", "=", id)
        .returning(["horse_id", "prize_ore", "photo_url"])
        .executeTakeFirst();
      if (!row) return null;
      await adjustHorseTotal(trx, row.horse_id, -(row.prize_ore ?? 0));
      return { imageUrl: row.photo_url };
    });
  if (result) contentChanged();
  return result;
}
