import { sql } from "kysely";
import { contentChanged } from "~/utils/invalidation.server";
import { db } from "~/utils/db.server";
import { imageRef, type ImageRef } from "~/utils/image";

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
    photo: imageRef(r.photo_url, r.photo_width, r.photo_height),
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
  photo?: { url: string; width: number; height: number } | null;
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
          photo_url: values.photo?.url ?? null,
          photo_width: values.photo?.width ?? null,
          photo_height: values.photo?.height ?? null,
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
