import { sql, type Selectable, type Transaction } from "kysely";
import { writeContent } from "~/platform/invalidation.server";
import type { Database, WinnersTable } from "@db/schema";
import { db, lockFor } from "~/platform/db.server";
import { formatPrize } from "~/racing/format";
import { imageFromColumns, imageToColumns, type ImageRef, type NewImage } from "./image-columns";
import { changedFields, recordActivity } from "./activity.server";
import { deleteIntoTrash, type TrashKind } from "./trash.server";

export type Winner = {
  id: string;
  horseId: string | null;
  horseName: string | null;
  /** The horse page's address; null when the horse is gone. */
  horseSlug: string | null;
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
      "h.slug as horse_slug",
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
    horseSlug: r.horse_slug,
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

/** What a race is, as a victory and a runner both store it. */
export type RaceDetails = {
  raceName: string;
  raceDate: string;
  track?: string | null;
  distance?: string | null;
  jockey?: string | null;
};

export type NewWinner = RaceDetails & {
  horseId: string;
  prizeOre?: number | null;
  photo?: NewImage | null;
};

/** A race's columns; a blank optional detail is stored as null. */
export function raceColumns(race: RaceDetails) {
  return {
    race_name: race.raceName,
    race_date: race.raceDate,
    track: race.track || null,
    distance: race.distance || null,
    jockey: race.jockey || null,
  };
}

/** The columns a victory's form sets (the photo apart: an edit without one keeps the current photo). */
function winnerColumns(values: NewWinner) {
  return { horse_id: values.horseId, ...raceColumns(values), prize_ore: values.prizeOre ?? null };
}

/**
 * Records a victory and adds its prize to the horse's total in one transaction. The total is
 * incremented in SQL, never read and written back, so simultaneous victories cannot lose money.
 */
export async function createWinner(values: NewWinner): Promise<{ id: string }> {
  return writeContent((trx) => insertWinnerIn(trx, values));
}

/** createWinner's writes, inside a transaction the caller holds (a race result that is a win). */
export async function insertWinnerIn(trx: Transaction<Database>, values: NewWinner): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  await trx
    .insertInto("winners")
    .values({
      id,
      ...winnerColumns(values),
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
  await recordActivity(
    { kind: "create", entity: "victory", entityId: id, summary: `Victory added: ${values.raceName}` },
    { trx },
  );
  return { id };
}

/** Adds (or, with a negative amount, takes off) prize money on a horse's total, in SQL. */
export async function adjustHorseTotal(trx: Transaction<Database>, horseId: string | null, deltaOre: number) {
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

/** The victory's fields as the activity log names and shows them. */
const LOGGED_FIELDS = {
  race_name: "Race Name",
  race_date: "Race Date",
  track: "Track",
  distance: "Distance",
  jockey: "Jockey",
  prize_ore: ["Prize Money", (ore: number | null) => formatPrize(ore)],
  photo_url: "Photo",
} as const;

/**
 * Updates a victory and keeps the horses' totals right in the same transaction: the old prize is
 * taken off the old horse and the new prize added to the new horse (the same horse: by the
 * difference). Returns the photo it no longer uses, or null when there is no such victory.
 */
export async function updateWinner(id: string, values: NewWinner): Promise<{ replacedImageUrl: string | null } | null> {
  return writeContent(async (trx) => {
    // Serialises edits and deletes of victories, so two of them never both take off the same old prize.
    await lockFor(trx, VICTORY_LOCK);
    return updateWinnerIn(trx, id, values);
  });
}

/** The lock that edits and deletes of victories (and of the results that made them) hold. */
export const VICTORY_LOCK = "winners.prize";

/** updateWinner's writes, inside a transaction the caller holds and that holds VICTORY_LOCK. */
export async function updateWinnerIn(
  trx: Transaction<Database>,
  id: string,
  values: NewWinner,
): Promise<{ replacedImageUrl: string | null } | null> {
  const before = await trx.selectFrom("winners").selectAll().where("id", "=", id).executeTakeFirst();
  if (!before) return null;
  const after = await trx
    .updateTable("winners")
    .set({
      ...winnerColumns(values),
      ...(values.photo ? imageToColumns("photo", values.photo) : {}),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const horseIds = [before.horse_id, after.horse_id].filter((h): h is string => !!h);
  const names = new Map(
    horseIds.length
      ? (await trx.selectFrom("horses").select(["id", "name"]).where("id", "in", horseIds).execute()).map((h) => [
          h.id,
          h.name,
        ])
      : [],
  );
  await recordActivity(
    {
      kind: "update",
      entity: "victory",
      entityId: id,
      summary: `Victory updated: ${after.race_name}`,
      changes: changedFields(before, after, {
        horse_id: ["Horse", (horseId) => (horseId && names.get(horseId)) || "Unknown Horse"],
        ...LOGGED_FIELDS,
      }),
    },
    { trx },
  );
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
}

type VictorySnapshot = { row: Selectable<WinnersTable> };

/**
 * Deletes a victory into the trash and takes its prize off its horse's total in the same
 * transaction. The photo stays on disk until the trash entry is purged. Returns the trash entry,
 * or null when there was no such victory.
 */
export async function deleteWinner(id: string): Promise<{ trashId: string } | null> {
  return deleteIntoTrash(victoryTrash, async (trx) => {
    await lockFor(trx, VICTORY_LOCK);
    const row = await trx.deleteFrom("winners").where("id", "=", id).returningAll().executeTakeFirst();
    if (!row) return null;
    await adjustHorseTotal(trx, row.horse_id, -(row.prize_ore ?? 0));
    return {
      recordId: id,
      label: `${row.race_name} (${row.race_date})`,
      snapshot: { row },
      imageUrls: [row.photo_url],
    };
  });
}

/**
 * Takes off the victory a corrected or deleted race result had created, inside the caller's
 * transaction (holding VICTORY_LOCK). It does not go to the trash: restoring it alone would
 * disagree with the run, which the Runners tab corrects instead. Returns its photo, if any.
 */
export async function deleteWinnerIn(
  trx: Transaction<Database>,
  id: string,
): Promise<{ photoUrl: string | null } | undefined> {
  const row = await trx
    .deleteFrom("winners")
    .where("id", "=", id)
    .returning(["horse_id", "prize_ore", "photo_url", "race_name"])
    .executeTakeFirst();
  if (!row) return undefined;
  await adjustHorseTotal(trx, row.horse_id, -(row.prize_ore ?? 0));
  await recordActivity(
    {
      kind: "delete",
      entity: "victory",
      entityId: id,
      summary: `Victory removed with its race result: ${row.race_name}`,
    },
    { trx },
  );
  return { photoUrl: row.photo_url };
}

/**
 * A deleted victory comes back with its id and photo, and its prize goes back on its horse's
 * total; when the horse itself is gone meanwhile it comes back as 'Unknown Horse'.
 */
export const victoryTrash: TrashKind<VictorySnapshot> = {
  name: "victory",
  noun: "Victory",
  restore: async (trx, { row }) => {
    await lockFor(trx, VICTORY_LOCK);
    const horse = row.horse_id
      ? await trx.selectFrom("horses").select("id").where("id", "=", row.horse_id).executeTakeFirst()
      : undefined;
    await trx
      .insertInto("winners")
      .values({ ...row, horse_id: horse?.id ?? null })
      .execute();
    await adjustHorseTotal(trx, horse?.id ?? null, row.prize_ore ?? 0);
  },
};
