import { sql, type Selectable } from "kysely";
import { isPostgres } from "@db/dialect";
import type { HorsesTable } from "@db/schema";
import { contentChanged } from "~/utils/invalidation.server";
import { db } from "~/utils/db.server";
import { formatDkk } from "~/utils/format";
import { imageFromColumns, imageToColumns, type ImageRef, type NewImage } from "~/utils/image";
import { AMOUNT_LIMIT_TEXT, MAX_AMOUNT_ORE } from "~/utils/money";
import { changedFields, recordActivity } from "./activity.server";
import { addToTrash, type TrashKind } from "./trash.server";

export type Horse = {
  id: string;
  name: string;
  age: number;
  color: string;
  sire: string;
  dam: string;
  owner: string | null;
  image: ImageRef | null;
  totalPrizeOre: number;
  firstPlaces: number;
  secondPlaces: number;
  thirdPlaces: number;
  createdAt: string;
};

const columns = [
  "id",
  "name",
  "age",
  "color",
  "sire",
  "dam",
  "owner",
  "image_url",
  "image_width",
  "image_height",
  "total_prize_ore",
  "first_places",
  "second_places",
  "third_places",
  "created_at",
] as const;

type Row = Pick<Selectable<HorsesTable>, (typeof columns)[number]>;

function toHorse(r: Row): Horse {
  return {
    id: r.id,
    name: r.name,
    age: r.age,
    color: r.color,
    sire: r.sire,
    dam: r.dam,
    owner: r.owner,
    image: imageFromColumns(r, "image"),
    totalPrizeOre: r.total_prize_ore,
    firstPlaces: r.first_places,
    secondPlaces: r.second_places,
    thirdPlaces: r.third_places,
    createdAt: r.created_at,
  };
}

/** Horses in training, newest first. */
export async function listHorses(): Promise<Horse[]> {
  const rows = await db().selectFrom("horses").select(columns).orderBy("created_at", "desc").orderBy("id").execute();
  return rows.map(toHorse);
}

export async function getHorse(id: string): Promise<Horse | null> {
  const row = await db().selectFrom("horses").select(columns).where("id", "=", id).executeTakeFirst();
  return row ? toHorse(row) : null;
}

export type NewHorse = {
  name: string;
  age: number;
  color: string;
  sire: string;
  dam: string;
  owner?: string | null;
  image?: NewImage | null;
  totalPrizeOre?: number;
  firstPlaces?: number;
  secondPlaces?: number;
  thirdPlaces?: number;
};

export async function createHorse(values: NewHorse): Promise<Horse> {
  const row = await db()
    .transaction()
    .execute(async (trx) => {
      const created = await trx
        .insertInto("horses")
        .values({
          id: crypto.randomUUID(),
          name: values.name,
          age: values.age,
          color: values.color,
          sire: values.sire,
          dam: values.dam,
          owner: values.owner || null,
          ...imageToColumns("image", values.image),
          total_prize_ore: values.totalPrizeOre ?? 0,
          first_places: values.firstPlaces ?? 0,
          second_places: values.secondPlaces ?? 0,
          third_places: values.thirdPlaces ?? 0,
          created_at: new Date().toISOString(),
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      await recordActivity(
        { kind: "create", entity: "horse", entityId: created.id, summary: `Horse added: ${created.name}` },
        { trx },
      );
      return created;
    });
  contentChanged();
  return toHorse(row);
}

/** The horse's fields as the activity log names and shows them. */
const LOGGED_FIELDS = {
  name: "Horse Name",
  age: "Age",
  color: "Color",
  sire: "Sire",
  dam: "Dam",
  owner: "Owner",
  image_url: "Horse Image",
  total_prize_ore: ["Total Prize Money", formatDkk],
  first_places: "1st Places",
  second_places: "2nd Places",
  third_places: "3rd Places",
} as const;

export type HorseUpdate = {
  name: string;
  age: number;
  color: string;
  sire: string;
  dam: string;
  owner?: string | null;
  /** A new image; without one the current image is kept. */
  image?: NewImage | null;
  /**
   * The change to apply to the total, in øre: (the total as typed - the total the form showed) +
   * the amount added. Applied as an SQL increment so victories recorded meanwhile are kept.
   */
  prizeDeltaOre: number;
  firstPlaces: number;
  secondPlaces: number;
  thirdPlaces: number;
};

export class NegativeTotalError extends Error {
  constructor() {
    super("The total prize money cannot be negative");
  }
}

export class TotalTooLargeError extends Error {
  constructor() {
    super(`The total prize money can be at most ${AMOUNT_LIMIT_TEXT}`);
  }
}

/**
 * Updates a horse. Returns the updated horse and the image it no longer uses (to be removed once
 * this has committed), or null when there is no such horse.
 */
export async function updateHorse(
  id: string,
  values: HorseUpdate,
): Promise<{ horse: Horse; replacedImageUrl: string | null } | null> {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom("horses").select(columns).where("id", "=", id).executeTakeFirst();
      if (!before) return null;
      const row = await trx
        .updateTable("horses")
        .set({
          name: values.name,
          age: values.age,
          color: values.color,
          sire: values.sire,
          dam: values.dam,
          owner: values.owner || null,
          total_prize_ore: sql`total_prize_ore + ${values.prizeDeltaOre}`,
          first_places: values.firstPlaces,
          second_places: values.secondPlaces,
          third_places: values.thirdPlaces,
          ...(values.image ? imageToColumns("image", values.image) : {}),
        })
        .where("id", "=", id)
        .where(sql<boolean>`total_prize_ore + ${values.prizeDeltaOre} >= 0`)
        .where(sql<boolean>`total_prize_ore + ${values.prizeDeltaOre} <= ${MAX_AMOUNT_ORE}`)
        .returning(columns)
        .executeTakeFirst();
      if (!row) throw values.prizeDeltaOre < 0 ? new NegativeTotalError() : new TotalTooLargeError();
      await recordActivity(
        {
          kind: "update",
          entity: "horse",
          entityId: id,
          summary: `Horse updated: ${row.name}`,
          changes: changedFields(before, row, LOGGED_FIELDS),
        },
        { trx },
      );
      const replacedImageUrl = values.image && before.image_url !== values.image.url ? before.image_url : null;
      return { horse: toHorse(row), replacedImageUrl };
    });
  if (result) contentChanged();
  return result;
}

type HorseSnapshot = { row: Selectable<HorsesTable>; victoryIds: string[] };

/**
 * Deletes a horse into the trash. Its victories stay, shown as 'Unknown Horse' (the foreign key sets
 * them to null); the snapshot lists them so that a restore links them again. The image stays on
 * disk until the trash entry is purged. Returns the trash entry, or null when there was no
 * such horse.
 */
export async function deleteHorse(id: string): Promise<{ trashId: string } | null> {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      // On PostgreSQL the row lock keeps a victory from being recorded for the horse meanwhile.
      const read = trx.selectFrom("horses").selectAll().where("id", "=", id);
      const row = await (isPostgres(trx) ? read.forUpdate() : read).executeTakeFirst();
      if (!row) return null;
      const victories = await trx.selectFrom("winners").select("id").where("horse_id", "=", id).execute();
      await trx.deleteFrom("horses").where("id", "=", id).execute();
      const snapshot: HorseSnapshot = { row, victoryIds: victories.map((v) => v.id) };
      const trashId = await addToTrash(trx, horseTrash, {
        recordId: id,
        label: row.name,
        snapshot,
        imageUrls: [row.image_url],
      });
      return { trashId };
    });
  if (result) contentChanged();
  return result;
}

/** A deleted horse comes back with its id, image and total, and its victories that are still unlinked. */
export const horseTrash: TrashKind<HorseSnapshot> = {
  name: "horse",
  noun: "Horse",
  restore: async (trx, { row, victoryIds }) => {
    await trx.insertInto("horses").values(row).execute();
    if (victoryIds.length) {
      await trx
        .updateTable("winners")
        .set({ horse_id: row.id })
        .where("id", "in", victoryIds)
        .where("horse_id", "is", null)
        .execute();
    }
  },
};
