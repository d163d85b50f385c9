import { sql, type Selectable, type Transaction } from "kysely";
import { holds, searchedYear, pageCount, seasonRange, type Paged } from "./list-search";
import { writeContent } from "~/platform/invalidation.server";
import type { Database, WinnersTable } from "@db/schema";
import { db, lockFor } from "~/platform/db.server";
import { formatPrize } from "~/racing/format";
import { imageFromColumns, imageToColumns, type ImageRef, type NewImage } from "./image-columns";
import { changedFields, recordActivity } from "./activity.server";
import { moveRecords, type RecordChange } from "./horse-record.server";
import { raceColumns, type RaceDetails } from "./race.server";
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
  /** The horse's own photo, shown for a victory that has none. */
  horsePhoto: ImageRef | null;
  createdAt: string;
};

/** The columns of a victory with its horse's, as the lists show them. */
function winnerRows() {
  return db()
    .selectFrom("winners as w")
    .leftJoin("horses as h", "h.id", "w.horse_id")
    .select([
      "w.id",
      "w.horse_id",
      "h.name as horse_name",
      "h.slug as horse_slug",
      "h.owner as horse_owner",
      "h.image_url",
      "h.image_width",
      "h.image_height",
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
    ]);
}

type WinnerRow = Awaited<ReturnType<ReturnType<typeof winnerRows>["execute"]>>[number];

function winnerOf(r: WinnerRow): Winner {
  return {
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
    prizeOre: r.prize_ore === null ? null : Number(r.prize_ore),
    photo: imageFromColumns(r, "photo"),
    horsePhoto: imageFromColumns(r, "image"),
    createdAt: r.created_at,
  };
}

/** Victories with their horse's name and owner (null when the horse is gone), latest race first. */
export async function listWinnersWithHorses(): Promise<Winner[]> {
  const rows = await winnerRows().orderBy("w.race_date", "desc").orderBy("w.created_at", "desc").execute();
  return rows.map(winnerOf);
}

/** The latest victory (Home shows it), or null. */
export async function latestWinner(): Promise<Winner | null> {
  const row = await winnerRows()
    .orderBy("w.race_date", "desc")
    .orderBy("w.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? winnerOf(row) : null;
}

/** A victory with its horse's name, or null (the Winners tab's edit form, when it is not on the page). */
export async function getWinnerWithHorse(id: string): Promise<Winner | null> {
  const row = await winnerRows().where("w.id", "=", id).executeTakeFirst();
  return row ? winnerOf(row) : null;
}

/** A season of victories: its year and how many it holds. */
export type WinnerSeason = { season: number; count: number };

/**
 * The seasons (years of the race dates) that hold victories, the latest first, each with its count;
 * a victory whose date is no date is in none (the latest season's page shows it).
 */
export async function listWinnerSeasons(): Promise<WinnerSeason[]> {
  const season = sql<string>`substr(race_date, 1, 4)`;
  const rows = await db()
    .selectFrom("winners")
    .select([season.as("season"), (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy(season)
    .orderBy(season, "desc")
    .execute();
  return rows
    .map((r) => ({ season: Number(r.season), count: Number(r.count) }))
    .filter((r) => Number.isInteger(r.season));
}

/**
 * What a page of victories is chosen by: a season, those whose date is no date (rows written before
 * the form's rules: `undated`, with the season or alone), a search (horse, race, track or jockey; or a year).
 */
export type WinnerFilter = { season?: number | null; undated?: boolean; search?: string };

/** A race date the seasons can hold (1900-2099); anything else is shown as 'Unknown Date'. */
const dated = sql<boolean>`(w.race_date >= '1900-01-01' and w.race_date < '2100-01-01')`;

/**
 * One page of victories, latest race first, with their horse's name and owner: `perPage` rows at
 * most, chosen in SQL (the race date's index serves the season and the order), and the count of
 * all that match, for the pages.
 */
export async function listWinnersPage(
  { season, undated = false, search = "" }: WinnerFilter,
  { page = 1, perPage }: { page?: number; perPage: number },
): Promise<Paged<Winner>> {
  let query = winnerRows();
  if (season) {
    const { from, to } = seasonRange(season);
    query = query.where((eb) => {
      const inSeason = eb.and([eb("w.race_date", ">=", from), eb("w.race_date", "<", to)]);
      return undated ? eb.or([inSeason, eb.not(dated)]) : inSeason;
    });
  } else if (undated) {
    query = query.where((eb) => eb.not(dated));
  }
  const text = search.trim();
  if (text) {
    const year = searchedYear(text);
    const like = (column: string) => holds(column, text);
    query = query.where((eb) =>
      eb.or([
        like("h.name"),
        like("w.race_name"),
        like("w.track"),
        like("w.jockey"),
        ...(year
          ? [eb.and([eb("w.race_date", ">=", seasonRange(year).from), eb("w.race_date", "<", seasonRange(year).to)])]
          : []),
      ]),
    );
  }
  const { count } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const rows = await query
    // Those without a readable date after the dated ones.
    .orderBy(sql`case when ${dated} then 0 else 1 end`)
    .orderBy("w.race_date", "desc")
    .orderBy("w.created_at", "desc")
    .orderBy("w.id", "desc")
    .limit(perPage)
    .offset((Math.max(1, page) - 1) * perPage)
    .execute();
  return { items: rows.map(winnerOf), page, pages: pageCount(total, perPage), total };
}

export type NewWinner = RaceDetails & {
  horseId: string;
  prizeOre?: number | null;
  photo?: NewImage | null;
};

/** The columns a victory's form sets (the photo apart: an edit without one keeps the current photo). */
function winnerColumns(values: NewWinner) {
  return { horse_id: values.horseId, ...raceColumns(values), prize_ore: values.prizeOre ?? null };
}

/** What a victory's prize adds to its horse's record (taken off again with `sign` -1). */
function prizeOf(row: { horse_id: string | null; prize_ore: number | null }, sign: 1 | -1 = 1): RecordChange {
  return { horseId: row.horse_id, prizeOre: sign * (row.prize_ore ?? 0) };
}

/**
 * Records a victory and adds its prize to the horse's total in one transaction. The total is
 * incremented in SQL, never read and written back, so simultaneous victories cannot lose money.
 */
export async function createWinner(values: NewWinner): Promise<{ id: string }> {
  return writeContent((trx) => insertWinner(trx, values));
}

async function insertWinner(trx: Transaction<Database>, values: NewWinner): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  const columns = winnerColumns(values);
  await trx
    .insertInto("winners")
    .values({ id, ...columns, ...imageToColumns("photo", values.photo), created_at: new Date().toISOString() })
    .execute();
  await moveRecords(trx, [prizeOf(columns)]);
  await recordActivity(
    { kind: "create", entity: "victory", entityId: id, summary: `Victory added: ${values.raceName}` },
    { trx },
  );
  return { id };
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
    await lockVictories(trx);
    return changeWinner(trx, id, values);
  });
}

/**
 * Serialises the writes that take a victory's prize off (edits and deletes of victories, of the race
 * results that made them, restores), so two of them never both take off the same old prize. Held
 * until the caller's transaction ends.
 */
export async function lockVictories(trx: Transaction<Database>) {
  await lockFor(trx, "winners.prize");
}

async function changeWinner(
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
  // The old prize comes off the old horse, the new one goes on the new horse (the same: by the difference).
  await moveRecords(trx, [prizeOf(before, -1), prizeOf(after)]);
  const replacedImageUrl = values.photo && before.photo_url !== values.photo.url ? before.photo_url : null;
  return { replacedImageUrl };
}

/** A victory as stored: what the trash keeps of it. */
export type VictoryRow = Selectable<WinnersTable>;

type VictorySnapshot = { row: VictoryRow };

/**
 * Deletes a victory into the trash and takes its prize off its horse's total in the same
 * transaction. The photo stays on disk until the trash entry is purged. Returns the trash entry,
 * or null when there was no such victory.
 */
export async function deleteWinner(id: string): Promise<{ trashId: string } | null> {
  return deleteIntoTrash(victoryTrash, async (trx) => {
    await lockVictories(trx);
    const row = await trx.deleteFrom("winners").where("id", "=", id).returningAll().executeTakeFirst();
    if (!row) return null;
    await moveRecords(trx, [prizeOf(row, -1)]);
    return {
      recordId: id,
      label: `${row.race_name} (${row.race_date})`,
      snapshot: { row },
      imageUrls: [row.photo_url],
    };
  });
}

/**
 * Keeps the victory of a race result in step with it, inside the caller's transaction (holding
 * lockVictories): a win (`win`) gets its victory as Add Victory makes it, its prize on the horse's
 * total: the existing one (`victoryId`) updated, or a new one. A result that is no longer a win
 * (`win` null) takes its victory off, prize and all; that is logged but does not go to the trash
 * (restored alone it would disagree with the run, which the Runners tab corrects instead). Returns
 * the victory's id (null without a win) and a photo it no longer uses.
 */
export async function recordWin(
  trx: Transaction<Database>,
  victoryId: string | null,
  win: NewWinner | null,
): Promise<{ victoryId: string | null; droppedPhotoUrl: string | null }> {
  if (win) {
    if (victoryId && (await changeWinner(trx, victoryId, win))) return { victoryId, droppedPhotoUrl: null };
    return { victoryId: (await insertWinner(trx, win)).id, droppedPhotoUrl: null };
  }
  if (!victoryId) return { victoryId: null, droppedPhotoUrl: null };
  const row = await trx
    .deleteFrom("winners")
    .where("id", "=", victoryId)
    .returning(["horse_id", "prize_ore", "photo_url", "race_name"])
    .executeTakeFirst();
  if (!row) return { victoryId: null, droppedPhotoUrl: null };
  await moveRecords(trx, [prizeOf(row, -1)]);
  await recordActivity(
    {
      kind: "delete",
      entity: "victory",
      entityId: victoryId,
      summary: `Victory removed with its race result: ${row.race_name}`,
    },
    { trx },
  );
  return { victoryId: null, droppedPhotoUrl: row.photo_url };
}

/** A victory as stored, inside the caller's transaction; undefined when there is none. */
export async function findVictory(trx: Transaction<Database>, id: string): Promise<VictoryRow | undefined> {
  return trx.selectFrom("winners").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Puts a victory back as it was (its id, its photo), its prize back on its horse's total; when the
 * horse itself is gone meanwhile it comes back as 'Unknown Horse'. Inside the caller's transaction.
 */
export async function restoreVictory(trx: Transaction<Database>, row: VictoryRow) {
  await lockVictories(trx);
  const horse = row.horse_id
    ? await trx.selectFrom("horses").select("id").where("id", "=", row.horse_id).executeTakeFirst()
    : undefined;
  const restored = { ...row, horse_id: horse?.id ?? null };
  await trx.insertInto("winners").values(restored).execute();
  await moveRecords(trx, [prizeOf(restored)]);
}

/** A deleted victory comes back through restoreVictory. */
export const victoryTrash: TrashKind<VictorySnapshot> = {
  name: "victory",
  noun: "Victory",
  restore: (trx, { row }) => restoreVictory(trx, row),
};
