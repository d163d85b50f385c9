import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import { isPostgres } from "@db/dialect";
import { holds, searchedYear, pageCount, type Paged } from "./list-search";
import type { Database, HorseSlugHistoryTable, HorsesTable, RunnersTable } from "@db/schema";
import { writeContent } from "~/platform/invalidation.server";
import { db } from "~/platform/db.server";
import { imageFromColumns, imageToColumns, type ImageRef, type NewImage } from "./image-columns";
import { firstFreeSlug, slugify } from "~/racing/slug";
import { racingAge, storedColour, storedSex } from "~/racing/horse-terms";
import { danishToday } from "~/racing/race-day";
import { changedFields, recordActivity } from "./activity.server";
import {
  editRecord,
  RECORD_COLUMNS,
  RECORD_LOGGED_FIELDS,
  recordColumns,
  recordOf,
  type HorseRecord,
} from "./horse-record.server";
import { deleteIntoTrash, type TrashKind } from "./trash.server";

export type Horse = HorseRecord & {
  id: string;
  name: string;
  /** The horse page's address: /horses/{slug}. */
  slug: string;
  /** The age now: counted from `yearOfBirth` as racing counts it when that is known, else as typed (the spec's field). */
  age: number;
  /** A listed colour by its English name (app/racing/horse-terms.ts), or as typed. */
  color: string;
  /** male, female or gelding, or the stable's own words; null when not given. */
  sex: string | null;
  yearOfBirth: number | null;
  sire: string;
  dam: string;
  damSire: string | null;
  owner: string | null;
  /** The horse described in English and in Danish ("" where not given). */
  description: string;
  descriptionDa: string;
  /** Listed on the ownership page, with a short text in each language ("25 % available"). */
  sharesAvailable: boolean;
  sharesText: string;
  sharesTextDa: string;
  image: ImageRef | null;
  createdAt: string;
};

const columns = [
  "id",
  "name",
  "slug",
  "age",
  "color",
  "sex",
  "year_of_birth",
  "sire",
  "dam",
  "dam_sire",
  "owner",
  "description",
  "description_da",
  "shares_available",
  "shares_text",
  "shares_text_da",
  "image_url",
  "image_width",
  "image_height",
  ...RECORD_COLUMNS,
  "created_at",
] as const;

type Row = Pick<Selectable<HorsesTable>, (typeof columns)[number]>;

function toHorse(r: Row): Horse {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug ?? r.id,
    age: r.year_of_birth === null ? r.age : racingAge(r.year_of_birth, danishToday()),
    color: r.color,
    sex: r.sex,
    yearOfBirth: r.year_of_birth,
    sire: r.sire,
    dam: r.dam,
    damSire: r.dam_sire,
    owner: r.owner,
    description: r.description,
    descriptionDa: r.description_da,
    sharesAvailable: r.shares_available === 1,
    sharesText: r.shares_text,
    sharesTextDa: r.shares_text_da,
    image: imageFromColumns(r, "image"),
    ...recordOf(r),
    createdAt: r.created_at,
  };
}

/** Horses in training, newest first. */
export async function listHorses(): Promise<Horse[]> {
  const rows = await db().selectFrom("horses").select(columns).orderBy("created_at", "desc").orderBy("id").execute();
  return rows.map(toHorse);
}

/**
 * One page of the horses, newest first, as the Horses tab lists them: `perPage` at most, searched
 * by name, sire, dam or owner (or a year of birth), with the count of all that match.
 */
export async function listHorsesPage(
  { search = "" }: { search?: string },
  { page = 1, perPage }: { page?: number; perPage: number },
): Promise<Paged<Horse>> {
  let query = db().selectFrom("horses");
  const text = search.trim();
  if (text) {
    const like = (column: string) => holds(column, text);
    const year = searchedYear(text);
    query = query.where((eb) =>
      eb.or([
        like("name"),
        like("sire"),
        like("dam"),
        like("owner"),
        ...(year ? [eb("year_of_birth", "=", year)] : []),
      ]),
    );
  }
  const { count } = await query.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const rows = await query
    .select(columns)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(perPage)
    .offset((Math.max(1, page) - 1) * perPage)
    .execute();
  return { items: rows.map(toHorse), page, pages: pageCount(total, perPage), total };
}

/** Every horse's id and name, newest first: the horse choices of the admin's forms. */
export async function listHorseNames(): Promise<{ id: string; name: string }[]> {
  return db().selectFrom("horses").select(["id", "name"]).orderBy("created_at", "desc").orderBy("id").execute();
}

/**
 * The horses Home may show off (decision 0161), best first: those with a photo before those
 * without, the best earner first, then by name; `limit` of them.
 */
export async function listFeaturedHorses(limit: number): Promise<Horse[]> {
  const rows = await db()
    .selectFrom("horses")
    .select(columns)
    .orderBy(sql`case when image_url is null then 1 else 0 end`)
    // The record's columns are named in horse-record.server.ts alone: the first is the prize money.
    .orderBy(RECORD_COLUMNS[0], "desc")
    .orderBy("name")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(toHorse);
}

/** The horses with shares for sale (the ownership page), by name. */
export async function listHorsesWithShares(): Promise<Horse[]> {
  const rows = await db()
    .selectFrom("horses")
    .select(columns)
    .where("shares_available", "=", 1)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map(toHorse);
}

/** The live horses among `ids`, by name (a horse in the trash is not among them). */
export async function listHorsesIn(ids: readonly string[]): Promise<Horse[]> {
  if (ids.length === 0) return [];
  const rows = await db()
    .selectFrom("horses")
    .select(columns)
    .where("id", "in", ids)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map(toHorse);
}

export async function getHorse(id: string): Promise<Horse | null> {
  const row = await db().selectFrom("horses").select(columns).where("id", "=", id).executeTakeFirst();
  return row ? toHorse(row) : null;
}

/**
 * The horse at /horses/{slug}: `{ horse }` for its current address, `{ redirectTo }` (its current
 * slug) for an address it had before a rename, null for neither.
 */
export async function findHorseBySlug(slug: string): Promise<{ horse: Horse } | { redirectTo: string } | null> {
  const row = await db().selectFrom("horses").select(columns).where("slug", "=", slug).executeTakeFirst();
  if (row) return { horse: toHorse(row) };
  const moved = await db()
    .selectFrom("horse_slug_history as o")
    .innerJoin("horses as h", "h.id", "o.horse_id")
    .select("h.slug")
    .where("o.old_slug", "=", slug)
    .executeTakeFirst();
  return moved?.slug ? { redirectTo: moved.slug } : null;
}

type Db = Kysely<Database> | Transaction<Database>;

/** A free slug for `name`: base, base-2 … among the live slugs (an old address of another horse may be reused). */
async function freeSlug(q: Db, name: string, exceptHorseId?: string): Promise<string> {
  const base = slugify(name);
  const rows = await q
    .selectFrom("horses")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
    .$if(Boolean(exceptHorseId), (qb) => qb.where("id", "!=", exceptHorseId!))
    .execute();
  return firstFreeSlug(
    base,
    rows.flatMap((r) => (r.slug ? [r.slug] : [])),
  );
}

/** A live address wins over an old one: the old address now leads to the horse that holds it. */
async function claimSlug(trx: Transaction<Database>, slug: string) {
  await trx.deleteFrom("horse_slug_history").where("old_slug", "=", slug).execute();
}

function isSlugClash(error: unknown) {
  const text = error instanceof Error ? `${error.message} ${(error as { detail?: string }).detail ?? ""}` : "";
  return /slug/i.test(text) && /unique|duplicate/i.test(text);
}

/** Runs `fn` again when a simultaneous save took the same slug first (the unique index refused it). */
async function retryOnSlugClash<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= 5 || !isSlugClash(error)) throw error;
    }
  }
}

export type NewHorse = Partial<HorseRecord> & {
  name: string;
  /** Ignored when `yearOfBirth` is given: the age is then counted from it. */
  age: number;
  color: string;
  sex?: string | null;
  yearOfBirth?: number | null;
  sire: string;
  dam: string;
  damSire?: string | null;
  owner?: string | null;
  description?: string | null;
  descriptionDa?: string | null;
  sharesAvailable?: boolean;
  sharesText?: string | null;
  sharesTextDa?: string | null;
  image?: NewImage | null;
};

/**
 * The columns the horse form sets besides the address, the image and the record: a colour or sex
 * racing has a word for is stored as the list's (so each language's page can name it), anything
 * else as typed; the age follows the year of birth when there is one.
 */
function detailColumns(values: NewHorse) {
  const yearOfBirth = values.yearOfBirth ?? null;
  return {
    name: values.name,
    age: yearOfBirth === null ? values.age : racingAge(yearOfBirth, danishToday()),
    color: storedColour(values.color),
    sex: storedSex(values.sex),
    year_of_birth: yearOfBirth,
    sire: values.sire,
    dam: values.dam,
    dam_sire: values.damSire?.trim() || null,
    owner: values.owner || null,
    description: values.description?.trim() ?? "",
    description_da: values.descriptionDa?.trim() ?? "",
    shares_available: values.sharesAvailable ? 1 : 0,
    shares_text: values.sharesText?.trim() ?? "",
    shares_text_da: values.sharesTextDa?.trim() ?? "",
  };
}

export async function createHorse(values: NewHorse): Promise<Horse> {
  const row = await retryOnSlugClash(() =>
    writeContent(async (trx) => {
      const slug = await freeSlug(trx, values.name);
      await claimSlug(trx, slug);
      const created = await trx
        .insertInto("horses")
        .values({
          id: crypto.randomUUID(),
          slug,
          ...detailColumns(values),
          ...imageToColumns("image", values.image),
          ...recordColumns(values),
          created_at: new Date().toISOString(),
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      await recordActivity(
        { kind: "create", entity: "horse", entityId: created.id, summary: `Horse added: ${created.name}` },
        { trx },
      );
      return created;
    }),
  );
  return toHorse(row);
}

/** The horse's fields as the activity log names and shows them. */
const LOGGED_FIELDS = {
  name: "Horse Name",
  age: "Age",
  color: "Color",
  sex: "Sex",
  year_of_birth: "Year of Birth",
  sire: "Sire",
  dam: "Dam",
  dam_sire: "Dam's Sire",
  owner: "Owner",
  description: "Description",
  description_da: "Description (Danish)",
  shares_available: ["Shares Available", (v: number) => (v ? "Yes" : "No")],
  shares_text: "Shares Text",
  shares_text_da: "Shares Text (Danish)",
  image_url: "Horse Image",
  ...RECORD_LOGGED_FIELDS,
} as const;

/** A horse form's save: its `image` is a new image (without one the current image is kept). */
export type HorseUpdate = Omit<NewHorse, "totalPrizeOre"> &
  Required<Pick<NewHorse, "firstPlaces" | "secondPlaces" | "thirdPlaces">> & {
    /**
     * The change to apply to the total, in øre: (the total as typed - the total the form showed) +
     * the amount added. Applied as an SQL increment so victories recorded meanwhile are kept.
     */
    prizeDeltaOre: number;
  };

/**
 * Updates a horse. Returns the updated horse and the image it no longer uses (to be removed once
 * this has committed), or null when there is no such horse. A total out of bounds is refused by the
 * record's writer (NegativeTotalError, TotalTooLargeError) and nothing changes.
 */
export async function updateHorse(
  id: string,
  values: HorseUpdate,
): Promise<{ horse: Horse; replacedImageUrl: string | null } | null> {
  return retryOnSlugClash(() =>
    writeContent(async (trx) => {
      const before = await trx.selectFrom("horses").select(columns).where("id", "=", id).executeTakeFirst();
      if (!before) return null;
      // A new name gives a new address; the old one is kept so its links redirect.
      let slug = before.slug;
      if (before.name !== values.name || !slug) {
        const next = await freeSlug(trx, values.name, id);
        if (next !== slug) {
          await claimSlug(trx, next);
          if (slug) {
            await trx
              .insertInto("horse_slug_history")
              .values({ old_slug: slug, horse_id: id, created_at: new Date().toISOString() })
              .onConflict((oc) => oc.column("old_slug").doUpdateSet({ horse_id: id }))
              .execute();
          }
          slug = next;
        }
      }
      await editRecord(trx, id, values);
      const row = await trx
        .updateTable("horses")
        .set({
          slug,
          ...detailColumns(values),
          ...(values.image ? imageToColumns("image", values.image) : {}),
        })
        .where("id", "=", id)
        .returning(columns)
        .executeTakeFirstOrThrow();
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
    }),
  );
}

type HorseSnapshot = {
  row: Selectable<HorsesTable>;
  victoryIds: string[];
  /** Absent in entries written before runners went to the trash with their horse. */
  runners?: Selectable<RunnersTable>[];
  oldSlugs?: Pick<Selectable<HorseSlugHistoryTable>, "old_slug" | "created_at">[];
};

/**
 * Deletes a horse into the trash. Its victories stay, shown as 'Unknown Horse' (the foreign key sets
 * them to null); its runners, results and old addresses go with it (the foreign keys cascade). The
 * snapshot keeps those and lists the victories, so that a restore brings them all back and links
 * them again. The image stays on disk until the trash entry is purged. Returns the trash entry, or
 * null when there was no such horse.
 */
export async function deleteHorse(id: string): Promise<{ trashId: string } | null> {
  return deleteIntoTrash(horseTrash, async (trx) => {
    // On PostgreSQL the row lock keeps a victory from being recorded for the horse meanwhile.
    const read = trx.selectFrom("horses").selectAll().where("id", "=", id);
    const row = await (isPostgres(trx) ? read.forUpdate() : read).executeTakeFirst();
    if (!row) return null;
    const victories = await trx.selectFrom("winners").select("id").where("horse_id", "=", id).execute();
    const runners = await trx.selectFrom("runners").selectAll().where("horse_id", "=", id).execute();
    const oldSlugs = await trx
      .selectFrom("horse_slug_history")
      .select(["old_slug", "created_at"])
      .where("horse_id", "=", id)
      .execute();
    await trx.deleteFrom("horses").where("id", "=", id).execute();
    const snapshot: HorseSnapshot = { row, victoryIds: victories.map((v) => v.id), runners, oldSlugs };
    return { recordId: id, label: row.name, snapshot, imageUrls: [row.image_url] };
  });
}

/**
 * A deleted horse comes back with its id, image and total, its runners and results (their effects
 * are in the counters and total it kept), its old addresses and its victories that are still
 * unlinked. Its address is its own again unless another horse took it meanwhile: a live address
 * wins, so the horse gets a free one and the taken one is not kept in its history.
 */
export const horseTrash: TrashKind<HorseSnapshot> = {
  name: "horse",
  noun: "Horse",
  restore: async (trx, { row, victoryIds, runners = [], oldSlugs = [] }) => {
    const taken = row.slug
      ? await trx.selectFrom("horses").select("id").where("slug", "=", row.slug).executeTakeFirst()
      : undefined;
    const slug = taken || !row.slug ? await freeSlug(trx, row.name) : row.slug;
    await claimSlug(trx, slug);
    await trx
      .insertInto("horses")
      .values({ ...row, slug, ...recordColumns(recordOf(row)) })
      .execute();
    if (victoryIds.length) {
      await trx
        .updateTable("winners")
        .set({ horse_id: row.id })
        .where("id", "in", victoryIds)
        .where("horse_id", "is", null)
        .execute();
    }
    await restoreOldSlugs(trx, row.id, oldSlugs);
    if (runners.length) {
      // A win's victory deleted in the Winners tab meanwhile leaves its run a win without one, as it would have.
      const victoryIdsOf = runners.flatMap((r) => (r.victory_id ? [r.victory_id] : []));
      const still = new Set(
        victoryIdsOf.length
          ? (await trx.selectFrom("winners").select("id").where("id", "in", victoryIdsOf).execute()).map((w) => w.id)
          : [],
      );
      await trx
        .insertInto("runners")
        .values(
          runners.map((r) => ({ ...r, victory_id: r.victory_id && still.has(r.victory_id) ? r.victory_id : null })),
        )
        .execute();
    }
  },
};

/** Old addresses come back unless a live horse or another horse's history holds them now. */
async function restoreOldSlugs(trx: Transaction<Database>, horseId: string, oldSlugs: HorseSnapshot["oldSlugs"] = []) {
  for (const { old_slug, created_at } of oldSlugs) {
    const live = await trx.selectFrom("horses").select("id").where("slug", "=", old_slug).executeTakeFirst();
    if (live) continue;
    await trx
      .insertInto("horse_slug_history")
      .values({ old_slug, horse_id: horseId, created_at })
      .onConflict((oc) => oc.column("old_slug").doNothing())
      .execute();
  }
}
