import type { Kysely, Selectable, Transaction } from "kysely";
import type { CostsTable, Database } from "@db/schema";
import { currentActor, type Actor } from "~/platform/actor.server";
import { db } from "~/platform/db.server";
import { formatDkk } from "~/racing/format";
import { recordActivity } from "./activity.server";
import { CATEGORY_NAMES, COST_CATEGORIES, isIsoDay, VAT_KINDS, type CostCategory, type VatKind } from "./billing-terms";
import { holdsPartOn } from "./horse-share.server";
import { spreadEvenly } from "./money-split";
import { accountLabel } from "./owner-account";

/**
 * Costs per horse passed on to owners (vet, farrier, entry fees…): an amount net of VAT, with 25 %
 * VAT or as an outlay paid in the owner's name (decision 0276), a receipt kept as a private file,
 * spread over one or more horses with each horse's part. A planned cost above an owner's limit
 * waits for their approval (decision 0284). A cost billed on an issued invoice is never changed.
 */

type Q = Kysely<Database>;

export type CostPart = { id: string; horseId: string; horseName: string | null; partOere: number };

export type Cost = {
  id: string;
  date: string;
  category: CostCategory;
  description: string;
  /** Net of VAT; the parts add up to it. */
  amountOere: number;
  vat: VatKind;
  /** A private storage key (`private/…`), never a public address. */
  receiptKey: string | null;
  passedOn: boolean;
  planned: boolean;
  parts: CostPart[];
};

export type CostInput = {
  date: string;
  category: CostCategory;
  description: string;
  amountOere: number;
  vat: VatKind;
  receiptKey?: string | null;
  passedOn: boolean;
  planned: boolean;
  /** Each horse with its part; no parts given: the amount spread evenly, to the øre. */
  horses: { horseId: string; partOere?: number }[];
};

export class InvalidCostError extends Error {
  constructor(readonly field: string) {
    super(`The cost is not valid: ${field}`);
    this.name = "InvalidCostError";
  }
}

/** The cost is on an issued invoice: it stays as billed (correct it with a credit note). */
export class CostBilledError extends Error {
  constructor() {
    super("The cost is on an issued invoice and cannot be changed or deleted");
    this.name = "CostBilledError";
  }
}

/** A private file's key as the site stores receipts: under private/, safe segments only. */
const RECEIPT_KEY = /^private\/[a-z0-9-]+\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

function parts(input: CostInput): { horseId: string; partOere: number }[] {
  const ids = input.horses.map((h) => h.horseId);
  if (ids.length === 0 || new Set(ids).size !== ids.length) throw new InvalidCostError("horses");
  const given = input.horses.filter((h) => h.partOere !== undefined);
  if (given.length === 0) {
    if (input.amountOere < ids.length) throw new InvalidCostError("amount");
    const even = spreadEvenly(input.amountOere, ids);
    return ids.map((horseId) => ({ horseId, partOere: even.get(horseId)! }));
  }
  if (given.length !== ids.length) throw new InvalidCostError("parts");
  const out = input.horses.map((h) => ({ horseId: h.horseId, partOere: h.partOere! }));
  if (out.some((p) => !Number.isSafeInteger(p.partOere) || p.partOere <= 0)) throw new InvalidCostError("parts");
  if (out.reduce((s, p) => s + p.partOere, 0) !== input.amountOere) throw new InvalidCostError("parts");
  return out;
}

function validate(input: CostInput) {
  if (!isIsoDay(input.date)) throw new InvalidCostError("date");
  if (!(COST_CATEGORIES as readonly string[]).includes(input.category)) throw new InvalidCostError("category");
  if (!(VAT_KINDS as readonly string[]).includes(input.vat)) throw new InvalidCostError("vat");
  if (input.description.length > 500) throw new InvalidCostError("description");
  if (!Number.isSafeInteger(input.amountOere) || input.amountOere <= 0) throw new InvalidCostError("amount");
  if (input.receiptKey && !RECEIPT_KEY.test(input.receiptKey)) throw new InvalidCostError("receipt");
  return parts(input);
}

async function liveHorseNames(q: Q, horseIds: readonly string[]) {
  const rows = await q.selectFrom("horses").select(["id", "name"]).where("id", "in", horseIds).execute();
  if (rows.length !== new Set(horseIds).size) throw new InvalidCostError("horses");
  return new Map(rows.map((r) => [r.id, r.name]));
}

const costLabel = (input: Pick<CostInput, "category" | "description" | "amountOere" | "date">) =>
  `${CATEGORY_NAMES.en[input.category]}${input.description.trim() ? `: ${input.description.trim()}` : ""}, ` +
  `${formatDkk(input.amountOere)}, ${input.date}`;

async function writeParts(trx: Transaction<Database>, costId: string, split: { horseId: string; partOere: number }[]) {
  await trx
    .insertInto("cost_horses")
    .values(
      split.map((p) => ({ id: crypto.randomUUID(), cost_id: costId, horse_id: p.horseId, part_oere: p.partOere })),
    )
    .execute();
}

/** A new cost and its horses' parts, logged. */
export async function createCost(input: CostInput, now = new Date()): Promise<Cost> {
  const split = validate(input);
  const id = crypto.randomUUID();
  await db()
    .transaction()
    .execute(async (trx) => {
      const names = await liveHorseNames(
        trx,
        split.map((p) => p.horseId),
      );
      await trx
        .insertInto("costs")
        .values({
          id,
          cost_date: input.date,
          category: input.category,
          description: input.description.trim(),
          amount_oere: input.amountOere,
          vat: input.vat,
          receipt_key: input.receiptKey ?? null,
          passed_on: input.passedOn ? 1 : 0,
          planned: input.planned ? 1 : 0,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .execute();
      await writeParts(trx, id, split);
      await recordActivity(
        {
          kind: "create",
          entity: "cost",
          entityId: id,
          summary: `Cost added: ${costLabel(input)} (${split.map((p) => names.get(p.horseId)).join(", ")})`,
        },
        { trx },
      );
    });
  return (await getCost(id))!;
}

/** Refuses a change to a cost any issued invoice bills; removes it from drafts, which the next run refreshes. */
async function releaseFromDrafts(trx: Transaction<Database>, costId: string) {
  const lines = await trx
    .selectFrom("invoice_lines as l")
    .innerJoin("cost_horses as p", "p.id", "l.cost_part_id")
    .innerJoin("invoices as i", "i.id", "l.invoice_id")
    .select(["l.id", "i.state"])
    .where("p.cost_id", "=", costId)
    .execute();
  if (lines.some((l) => l.state === "issued")) throw new CostBilledError();
  if (lines.length) {
    await trx
      .deleteFrom("invoice_lines")
      .where(
        "id",
        "in",
        lines.map((l) => l.id),
      )
      .execute();
  }
}

/**
 * Changes a cost; its parts are written again, its approvals dropped when what an owner pays
 * changed. CostBilledError when an issued invoice bills it. Answers the receipt it no longer uses
 * (to remove once this committed), or null when there is no such cost.
 */
export async function updateCost(
  id: string,
  input: CostInput,
  now = new Date(),
): Promise<{ replacedReceiptKey: string | null } | null> {
  const split = validate(input);
  return db()
    .transaction()
    .execute(async (trx) => {
      const before = await readCosts(trx, [id]);
      const old = before[0];
      if (!old) return null;
      await releaseFromDrafts(trx, id);
      await liveHorseNames(
        trx,
        split.map((p) => p.horseId),
      );
      const receiptKey = input.receiptKey === undefined ? old.receiptKey : input.receiptKey;
      await trx
        .updateTable("costs")
        .set({
          cost_date: input.date,
          category: input.category,
          description: input.description.trim(),
          amount_oere: input.amountOere,
          vat: input.vat,
          receipt_key: receiptKey,
          passed_on: input.passedOn ? 1 : 0,
          planned: input.planned ? 1 : 0,
          updated_at: now.toISOString(),
        })
        .where("id", "=", id)
        .execute();
      await trx.deleteFrom("cost_horses").where("cost_id", "=", id).execute();
      await writeParts(trx, id, split);
      const samePay =
        old.amountOere === input.amountOere &&
        old.vat === input.vat &&
        old.date === input.date &&
        JSON.stringify(old.parts.map((p) => [p.horseId, p.partOere]).sort()) ===
          JSON.stringify(split.map((p) => [p.horseId, p.partOere]).sort());
      if (!samePay) await trx.deleteFrom("cost_approvals").where("cost_id", "=", id).execute();
      await recordActivity(
        { kind: "update", entity: "cost", entityId: id, summary: `Cost updated: ${costLabel(input)}` },
        { trx },
      );
      return { replacedReceiptKey: old.receiptKey && old.receiptKey !== receiptKey ? old.receiptKey : null };
    });
}

/** Deletes a cost not billed on any issued invoice (CostBilledError otherwise), logged. Null: no such cost. */
export async function deleteCost(id: string): Promise<{ replacedReceiptKey: string | null } | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const [old] = await readCosts(trx, [id]);
      if (!old) return null;
      await releaseFromDrafts(trx, id);
      await trx.deleteFrom("costs").where("id", "=", id).execute();
      await recordActivity(
        { kind: "delete", entity: "cost", entityId: id, summary: `Cost deleted: ${costLabel(old)}` },
        { trx },
      );
      return { replacedReceiptKey: old.receiptKey };
    });
}

const COST_COLUMNS = [
  "id",
  "cost_date",
  "category",
  "description",
  "amount_oere",
  "vat",
  "receipt_key",
  "passed_on",
  "planned",
] as const;

async function withParts(q: Q, rows: Pick<Selectable<CostsTable>, (typeof COST_COLUMNS)[number]>[]) {
  if (rows.length === 0) return [];
  const partRows = await q
    .selectFrom("cost_horses as p")
    .leftJoin("horses as h", "h.id", "p.horse_id")
    .select(["p.id", "p.cost_id", "p.horse_id", "p.part_oere", "h.name"])
    .where(
      "p.cost_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("h.name")
    .orderBy("p.id")
    .execute();
  return rows.map((r): Cost => ({
    id: r.id,
    date: r.cost_date,
    category: r.category,
    description: r.description,
    amountOere: Number(r.amount_oere),
    vat: r.vat,
    receiptKey: r.receipt_key,
    passedOn: Number(r.passed_on) === 1,
    planned: Number(r.planned) === 1,
    parts: partRows
      .filter((p) => p.cost_id === r.id)
      .map((p) => ({ id: p.id, horseId: p.horse_id, horseName: p.name, partOere: Number(p.part_oere) })),
  }));
}

async function readCosts(q: Q, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await q.selectFrom("costs").select(COST_COLUMNS).where("id", "in", ids).execute();
  return withParts(q, rows);
}

export async function getCost(id: string, q: Q = db()): Promise<Cost | null> {
  return (await readCosts(q, [id]))[0] ?? null;
}

/** Costs dated within the period, newest first (one horse's, when given). */
export async function listCosts({ start, end, horseId }: { start: string; end: string; horseId?: string }) {
  const rows = await db()
    .selectFrom("costs")
    .select(COST_COLUMNS)
    .where("cost_date", ">=", start)
    .where("cost_date", "<=", end)
    .$if(!!horseId, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom("cost_horses")
            .select("id")
            .whereRef("cost_horses.cost_id", "=", "costs.id")
            .where("cost_horses.horse_id", "=", horseId!),
        ),
      ),
    )
    .orderBy("cost_date", "desc")
    .orderBy("created_at", "desc")
    .execute();
  return withParts(db(), rows);
}

/** The passed-on costs dated from `since` to `until`, oldest first: what a billing run looks at. */
export async function passedOnCosts(since: string, until: string, q: Q = db()) {
  const rows = await q
    .selectFrom("costs")
    .select(COST_COLUMNS)
    .where("passed_on", "=", 1)
    .where("cost_date", ">=", since)
    .where("cost_date", "<=", until)
    .orderBy("cost_date")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return withParts(q, rows);
}

export type CostApproval = {
  costId: string;
  ownerId: string;
  ownerName: string;
  state: "approved" | "question";
  question: string | null;
  decidedAt: string;
};

export async function approvalsFor(costIds: readonly string[], q: Q = db()): Promise<CostApproval[]> {
  if (costIds.length === 0) return [];
  const rows = await q
    .selectFrom("cost_approvals as a")
    .innerJoin("owner_accounts as o", "o.user_id", "a.owner_id")
    .select(["a.cost_id", "a.owner_id", "o.name", "a.state", "a.question", "a.decided_at"])
    .where("a.cost_id", "in", [...new Set(costIds)])
    .orderBy("a.decided_at")
    .execute();
  return rows.map((r) => ({
    costId: r.cost_id,
    ownerId: r.owner_id,
    ownerName: r.name,
    state: r.state,
    question: r.question,
    decidedAt: r.decided_at,
  }));
}

/** Whether the owner holds a part, on the cost's date, of one of the horses it is spread over. */
export async function ownerHasPartOf(ownerId: string, cost: Pick<Cost, "date" | "parts">, q: Q = db()) {
  for (const part of cost.parts) if (await holdsPartOn(ownerId, part.horseId, cost.date, q)) return true;
  return false;
}

/**
 * An owner's answer to a planned cost they pay part of: approved (billed from then on), or a
 * question for the stable (still waiting). Logged in the owner's name; the row keeps who and when.
 * Null when it is no planned cost of theirs (the same answer as no cost at all).
 */
export async function decideOnCost(
  ownerId: string,
  costId: string,
  decision: { state: "approved" } | { state: "question"; question: string },
  now = new Date(),
): Promise<{ state: "approved" | "question" } | null> {
  const question = decision.state === "question" ? decision.question.trim().slice(0, 1000) : null;
  if (decision.state === "question" && !question) throw new InvalidCostError("question");
  return db()
    .transaction()
    .execute(async (trx) => {
      const cost = await getCost(costId, trx);
      const owner = await trx
        .selectFrom("owner_accounts as o")
        .innerJoin("users as u", "u.id", "o.user_id")
        .select(["o.name", "u.email"])
        .where("o.user_id", "=", ownerId)
        .where("o.role", "=", "owner")
        .where("o.state", "=", "active")
        .executeTakeFirst();
      if (!cost || !owner || !cost.planned || !cost.passedOn || !(await ownerHasPartOf(ownerId, cost, trx)))
        return null;
      const row = { state: decision.state, question, decided_at: now.toISOString() };
      await trx
        .insertInto("cost_approvals")
        .values({ cost_id: costId, owner_id: ownerId, ...row })
        .onConflict((oc) => oc.columns(["cost_id", "owner_id"]).doUpdateSet(row))
        .execute();
      const actor: Actor = currentActor() ?? { userId: ownerId, email: owner.email, via: "owners" };
      await recordActivity(
        {
          kind: decision.state === "approved" ? "approve" : "question",
          entity: "cost",
          entityId: costId,
          summary:
            decision.state === "approved"
              ? `Cost approved by ${accountLabel(owner)}: ${costLabel(cost)}`
              : `Question about a cost from ${accountLabel(owner)}: ${costLabel(cost)}`,
          changes: question ? [{ field: "Question", old: null, new: question }] : [],
        },
        { trx, actor },
      );
      return { state: decision.state };
    });
}

/** The receipt's key, for an administrator or an owner holding a part of the cost on its date; null for anyone else. */
export async function receiptFor(viewer: { id: string; isAdmin: boolean } | null, costId: string) {
  if (!viewer) return null;
  const cost = await getCost(costId);
  if (!cost?.receiptKey) return null;
  if (viewer.isAdmin) return cost.receiptKey;
  const owner = await db()
    .selectFrom("owner_accounts")
    .select("user_id")
    .where("user_id", "=", viewer.id)
    .where("role", "=", "owner")
    .where("state", "=", "active")
    .executeTakeFirst();
  return owner && (await ownerHasPartOf(viewer.id, cost)) ? cost.receiptKey : null;
}
