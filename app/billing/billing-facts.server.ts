import { addDays, type BillingLang } from "~/models/billing-terms";
import { approvalsFor, passedOnCosts } from "~/models/cost.server";
import { billedHorseIds, shareSets } from "~/models/horse-share.server";
import { getDayRates, statusFacts } from "~/models/horse-status.server";
import { billedCostParts, type NewLine } from "~/models/invoice.server";
import { db, type DB } from "~/platform/db.server";
import {
  describeLine,
  monthBill,
  shareProblems,
  STABLE,
  type CostFacts,
  type HorseFacts,
  type LedgerLine,
  type MonthBill,
  type Period,
  type Problem,
} from "./ledger";

/**
 * The stored facts as the pure ledger (ledger.ts) takes them: the horses billing looks at with their
 * statuses, own rates and sets of parts, the standard rates, the passed-on costs not yet billed, the
 * owners' limits and approvals.
 */

/** How far back a run looks for a passed-on cost not billed yet (one waiting for an approval, say). */
export const COST_LOOKBACK_DAYS = 400;

/** The live horses billing looks at (those with parts or a status), with their facts. */
export async function horseFacts(q: DB = db(), only?: readonly string[]): Promise<HorseFacts[]> {
  const ids = only ?? (await billedHorseIds(q));
  if (ids.length === 0) return [];
  const horses = await q.selectFrom("horses").select(["id", "name"]).where("id", "in", ids).orderBy("name").execute();
  const live = horses.map((h) => h.id);
  const [{ statuses, overrides }, sets] = await Promise.all([statusFacts(live, q), shareSets(live, q)]);
  return horses.map((h) => ({
    horseId: h.id,
    horseName: h.name,
    statuses: statuses.filter((s) => s.horseId === h.id),
    overrides: overrides.filter((o) => o.horseId === h.id),
    shares: sets
      .filter((s) => s.horseId === h.id)
      .map((s) => ({
        validFrom: s.validFrom,
        parts: s.parts.map((p) => ({ party: p.ownerId ?? STABLE, hundredths: p.hundredths })),
      })),
  }));
}

/**
 * The month's bill from what is stored now. Cost parts already on an invoice of the owner are
 * left out, except those on `refreshing` (the drafts this run writes again).
 */
export async function billFor(period: Period, q: DB = db(), refreshing: ReadonlySet<string> = new Set()) {
  const [horses, rates, costs, limits] = await Promise.all([
    horseFacts(q),
    getDayRates(q),
    passedOnCosts(addDays(period.end, -COST_LOOKBACK_DAYS), period.end, q),
    q
      .selectFrom("owner_accounts")
      .select(["user_id", "approval_limit_oere"])
      .where("role", "=", "owner")
      .where("approval_limit_oere", "is not", null)
      .execute(),
  ]);
  const parts = costs.flatMap((c) => c.parts.map((p) => p.id));
  const [approvals, billed] = await Promise.all([
    approvalsFor(
      costs.map((c) => c.id),
      q,
    ),
    billedCostParts(parts, q),
  ]);
  const bill: MonthBill = monthBill({
    period,
    horses,
    rates,
    costs: costs.map((c): CostFacts => ({
      costId: c.id,
      date: c.date,
      category: c.category,
      description: c.description,
      amountOere: c.amountOere,
      vat: c.vat,
      passedOn: c.passedOn,
      planned: c.planned,
      parts: c.parts.map((p) => ({ partId: p.id, horseId: p.horseId, partOere: p.partOere })),
    })),
    limits: new Map(limits.map((l) => [l.user_id, Number(l.approval_limit_oere)])),
    approvals: approvals.map((a) => ({ costId: a.costId, party: a.ownerId, state: a.state })),
    billed: new Set([...billed].filter(([, invoiceId]) => !refreshing.has(invoiceId)).map(([key]) => key)),
  });
  return bill;
}

/** A ledger line as a draft's line, in the owner's language. */
export function draftLine(line: LedgerLine, lang: BillingLang): NewLine {
  return {
    source: line.source,
    description: describeLine(line, lang),
    horseId: line.horseId,
    horseName: line.horseName,
    period: line.period,
    quantity: String(line.quantity),
    unit: line.unit,
    unitPriceOere: line.unitPriceOere,
    shareHundredths: line.shareHundredths === 10000 ? null : line.shareHundredths,
    netOere: line.netOere,
    vat: line.vat,
    costPartId: line.source === "cost" ? line.partId : null,
  };
}

/**
 * Where the horses' parts do not add up to 100 % in the period (every day the parts are in effect,
 * and days with a fee or a cost without parts): for the administrator, horse by horse.
 */
export async function listShareProblems(period: Period, q: DB = db()): Promise<Problem[]> {
  const [horses, costs] = await Promise.all([horseFacts(q), passedOnCosts(period.start, period.end, q)]);
  const costDays = new Map<string, Set<string>>();
  for (const cost of costs) {
    for (const part of cost.parts) {
      (costDays.get(part.horseId) ?? costDays.set(part.horseId, new Set()).get(part.horseId)!).add(cost.date);
    }
  }
  return horses.flatMap((h) => shareProblems(h, period, costDays.get(h.horseId)));
}
