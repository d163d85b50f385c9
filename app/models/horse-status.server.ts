import type { Kysely } from "kysely";
import type { Database } from "@db/schema";
import { db } from "~/platform/db.server";
import { formatDkk } from "~/racing/format";
import { recordActivity } from "./activity.server";
import {
  FEE_STATUSES,
  HORSE_STATUSES,
  isIsoDay,
  STATUS_NAMES,
  type FeeStatus,
  type HorseStatus,
} from "./billing-terms";

/**
 * What a horse's day costs: its status from each date (In training, Pre-training, Resting/at grass,
 * Away, Retired), the stable's rate per status with a fee (set once), and a horse's own rate at a
 * status from a date (decision 0283).
 */

type Q = Kysely<Database>;

export class InvalidBillingFactError extends Error {
  constructor(readonly field: string) {
    super(`Not a valid ${field}`);
    this.name = "InvalidBillingFactError";
  }
}

const validDay = (day: string) => {
  if (!isIsoDay(day)) throw new InvalidBillingFactError("date");
};

const validRate = (rate: number | null) => {
  if (rate !== null && (!Number.isSafeInteger(rate) || rate < 0)) throw new InvalidBillingFactError("rate");
};

/** A horse's name for the log, or null when it is not a live horse. */
async function horseName(q: Q, horseId: string) {
  const row = await q.selectFrom("horses").select("name").where("id", "=", horseId).executeTakeFirst();
  return row?.name ?? null;
}

export type DayRates = Record<FeeStatus, number | null>;

export async function getDayRates(q: Q = db()): Promise<DayRates> {
  const rows = await q.selectFrom("billing_day_rates").select(["status", "rate_oere"]).execute();
  const rates: DayRates = { training: null, "pre-training": null, resting: null };
  for (const r of rows) rates[r.status] = Number(r.rate_oere);
  return rates;
}

/** Sets the stable's day rates (those given), logged. */
export async function saveDayRates(rates: Partial<Record<FeeStatus, number>>, now = new Date()) {
  for (const status of Object.keys(rates)) {
    if (!(FEE_STATUSES as readonly string[]).includes(status)) throw new InvalidBillingFactError("status");
  }
  for (const rate of Object.values(rates)) validRate(rate ?? null);
  await db()
    .transaction()
    .execute(async (trx) => {
      const before = await getDayRates(trx);
      const changes = [];
      for (const status of FEE_STATUSES) {
        const rate = rates[status];
        if (rate === undefined) continue;
        await trx
          .insertInto("billing_day_rates")
          .values({ status, rate_oere: rate, updated_at: now.toISOString() })
          .onConflict((oc) => oc.column("status").doUpdateSet({ rate_oere: rate, updated_at: now.toISOString() }))
          .execute();
        if (before[status] !== rate) {
          changes.push({
            field: STATUS_NAMES.en[status],
            old: before[status] === null ? null : formatDkk(before[status]),
            new: formatDkk(rate),
          });
        }
      }
      if (changes.length) {
        await recordActivity({ kind: "update", entity: "day-rates", summary: "Day rates updated", changes }, { trx });
      }
    });
}

export type StatusPeriod = { horseId: string; validFrom: string; status: HorseStatus };

/** A horse's status from a date (replacing one given for that date), logged. False: no such live horse. */
export async function setHorseStatus(horseId: string, validFrom: string, status: HorseStatus, now = new Date()) {
  validDay(validFrom);
  if (!(HORSE_STATUSES as readonly string[]).includes(status)) throw new InvalidBillingFactError("status");
  return db()
    .transaction()
    .execute(async (trx) => {
      const name = await horseName(trx, horseId);
      if (!name) return false;
      await trx
        .insertInto("horse_statuses")
        .values({ horse_id: horseId, valid_from: validFrom, status, created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(["horse_id", "valid_from"]).doUpdateSet({ status }))
        .execute();
      await recordActivity(
        {
          kind: "update",
          entity: "horse",
          entityId: horseId,
          summary: `Status from ${validFrom}: ${name}, ${STATUS_NAMES.en[status]}`,
        },
        { trx },
      );
      return true;
    });
}

/** Removes the status change of a date, logged. False: there was none. */
export async function removeHorseStatus(horseId: string, validFrom: string) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const gone = await trx
        .deleteFrom("horse_statuses")
        .where("horse_id", "=", horseId)
        .where("valid_from", "=", validFrom)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) return false;
      const name = (await horseName(trx, horseId)) ?? horseId;
      await recordActivity(
        { kind: "delete", entity: "horse", entityId: horseId, summary: `Status from ${validFrom} removed: ${name}` },
        { trx },
      );
      return true;
    });
}

/** A horse's own rate at a status from a date; null: back to the standard rate from then. False: no such live horse. */
export async function setHorseRate(
  horseId: string,
  status: FeeStatus,
  validFrom: string,
  rateOere: number | null,
  now = new Date(),
) {
  validDay(validFrom);
  validRate(rateOere);
  if (!(FEE_STATUSES as readonly string[]).includes(status)) throw new InvalidBillingFactError("status");
  return db()
    .transaction()
    .execute(async (trx) => {
      const name = await horseName(trx, horseId);
      if (!name) return false;
      await trx
        .insertInto("horse_day_rates")
        .values({
          horse_id: horseId,
          status,
          valid_from: validFrom,
          rate_oere: rateOere,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.columns(["horse_id", "status", "valid_from"]).doUpdateSet({ rate_oere: rateOere }))
        .execute();
      const rate = rateOere === null ? "the standard rate" : formatDkk(rateOere);
      await recordActivity(
        {
          kind: "update",
          entity: "horse",
          entityId: horseId,
          summary: `Day rate from ${validFrom}: ${name}, ${STATUS_NAMES.en[status]} at ${rate}`,
        },
        { trx },
      );
      return true;
    });
}

export type RateOverride = { horseId: string; status: FeeStatus; validFrom: string; rateOere: number | null };

/** The statuses and own rates of the horses given (all horses when none are given), in date order. */
export async function statusFacts(horseIds?: readonly string[], q: Q = db()) {
  if (horseIds && horseIds.length === 0) return { statuses: [], overrides: [] };
  const statuses = await q
    .selectFrom("horse_statuses")
    .select(["horse_id", "valid_from", "status"])
    .$if(!!horseIds, (qb) => qb.where("horse_id", "in", horseIds!))
    .orderBy("horse_id")
    .orderBy("valid_from")
    .execute();
  const overrides = await q
    .selectFrom("horse_day_rates")
    .select(["horse_id", "status", "valid_from", "rate_oere"])
    .$if(!!horseIds, (qb) => qb.where("horse_id", "in", horseIds!))
    .orderBy("horse_id")
    .orderBy("valid_from")
    .execute();
  return {
    statuses: statuses.map((r): StatusPeriod => ({ horseId: r.horse_id, validFrom: r.valid_from, status: r.status })),
    overrides: overrides.map((r): RateOverride => ({
      horseId: r.horse_id,
      status: r.status,
      validFrom: r.valid_from,
      rateOere: r.rate_oere == null ? null : Number(r.rate_oere),
    })),
  };
}
