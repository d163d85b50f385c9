import { monthPeriod } from "~/models/billing-terms";
import { ownersBillingDetails } from "~/models/billing-details.server";
import { writeRunDraft, type NewLine, type RunDraftOutcome } from "~/models/invoice.server";
import { db, lockFor } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { billFor, draftLine } from "./billing-facts.server";
import { billTotals, STABLE, type AwaitingApproval, type Problem } from "./ledger";

/**
 * The monthly run (decision 0282): for the month given, every owner's draft invoice made or made
 * again from what is stored now. Idempotent: a second run of the same month changes nothing; an
 * issued invoice, or a draft the administrator edited, is left alone.
 */

/** A lock every billing write that numbers or replaces drafts takes, so runs and issues queue. */
export const BILLING_LOCK = "billing";

export type MonthlyRun = {
  month: string;
  drafts: Record<Exclude<RunDraftOutcome, "empty">, number>;
  /** Days not billed because the parts do not add up, or a status has no rate. */
  problems: Problem[];
  /** Planned costs waiting for an owner's approval (not billed to them yet). */
  awaiting: AwaitingApproval[];
  /** Net amounts: each owner's, the stable's own part, each horse's and all. */
  totals: { byOwner: Record<string, number>; stableOere: number; byHorse: Record<string, number>; totalOere: number };
};

export async function runMonthlyDrafts({
  month,
  now = new Date(),
}: {
  month: string;
  now?: Date;
}): Promise<MonthlyRun> {
  const period = monthPeriod(month);
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, BILLING_LOCK);
      const drafts = await trx
        .selectFrom("invoices")
        .select(["id", "owner_id"])
        .where("run_month", "=", month)
        .where("state", "=", "draft")
        .where("edited", "=", 0)
        .execute();
      const bill = await billFor(period, trx, new Set(drafts.map((d) => d.id)));
      const owed = bill.lines.filter((l) => l.party !== STABLE && l.netOere !== 0);
      const owners = await ownersBillingDetails([...owed.map((l) => l.party), ...drafts.map((d) => d.owner_id)], trx);
      const counts: MonthlyRun["drafts"] = { created: 0, refreshed: 0, unchanged: 0, removed: 0, issued: 0, edited: 0 };
      for (const [ownerId, owner] of owners) {
        const lines: NewLine[] = owed.filter((l) => l.party === ownerId).map((l) => draftLine(l, owner.language));
        const outcome = await writeRunDraft(trx, { ownerId, month, period, language: owner.language, lines }, now);
        if (outcome !== "empty") counts[outcome] += 1;
      }
      const unknown = owed.filter((l) => !owners.has(l.party));
      if (unknown.length) log.warn("billing: lines for accounts that are not owners", { month, lines: unknown.length });
      const totals = billTotals(bill.lines);
      const byOwner = Object.fromEntries([...totals.byParty].filter(([party]) => party !== STABLE));
      return {
        month,
        drafts: counts,
        problems: bill.problems,
        awaiting: bill.awaiting,
        totals: {
          byOwner,
          stableOere: totals.byParty.get(STABLE) ?? 0,
          byHorse: Object.fromEntries(totals.byHorse),
          totalOere: totals.total,
        },
      };
    });
  log.info("billing: monthly drafts", { month, ...result.drafts, problems: result.problems.length });
  return result;
}
