import {
  costLines,
  inEffect,
  ownerCostGross,
  splitOverParts,
  STABLE,
  awaitsApproval,
  type CostFacts,
} from "~/billing/ledger";
import { horseFacts, COST_LOOKBACK_DAYS } from "~/billing/billing-facts.server";
import { issuedDocument, stableLogo } from "~/billing/invoice-record.server";
import type { InvoiceDocument } from "~/billing/invoice-document";
import { addDays, WHOLE_HUNDREDTHS, type CostCategory } from "~/models/billing-terms";
import { getOwnerBillingDetails } from "~/models/billing-details.server";
import { approvalsFor, getCost, ownerHasPartOf, passedOnCosts, type Cost } from "~/models/cost.server";
import { shareSets } from "~/models/horse-share.server";
import { billedCostParts, getInvoice, listInvoices, type Invoice } from "~/models/invoice.server";
import { standings, type InvoiceStatus } from "~/models/payment.server";
import { getRaceRecord } from "~/models/runner-result.server";
import { db } from "~/platform/db.server";

/**
 * What an owner sees of their account in the owners' area (decision 0295): their issued invoices and
 * credit notes with where each stands, each as its documents, a statement of the year per horse, and
 * the planned costs waiting for their approval. Only an owner's own, never a guest's: a guest's host
 * pays, and a guest sees none of the money.
 */

/** An issued invoice or credit note as the owner's list shows it. */
export type OwnerDocument = {
  id: string;
  kind: Invoice["kind"];
  number: string;
  issueDate: string;
  dueDate: string;
  period: { start: string; end: string };
  /** VAT included. */
  totalOere: number;
  /** A credit note's invoice's number. */
  credits: string | null;
  /** An invoice's standing; null for a credit note. */
  status: InvoiceStatus | null;
  outstandingOere: number | null;
};

/** The owner's issued invoices and credit notes, newest first, with where each invoice stands on `today`. */
export async function ownerDocuments(ownerId: string, today: string): Promise<OwnerDocument[]> {
  const issued = await listInvoices({ ownerId, state: "issued" });
  const standing = await standings(
    issued.filter((i) => i.kind === "invoice").map((i) => i.id),
    today,
  );
  const numbers = new Map(issued.map((i) => [i.id, i.number]));
  return issued
    .map((i): OwnerDocument => {
      const s = standing.get(i.id);
      return {
        id: i.id,
        kind: i.kind,
        number: i.number!,
        issueDate: i.issueDate!,
        dueDate: i.dueDate!,
        period: i.period,
        totalOere: i.totalOere ?? 0,
        credits: i.creditedInvoiceId ? (numbers.get(i.creditedInvoiceId) ?? null) : null,
        status: s?.status ?? null,
        outstandingOere: s?.outstandingOere ?? null,
      };
    })
    .sort((a, b) =>
      b.issueDate > a.issueDate ? 1 : b.issueDate < a.issueDate ? -1 : b.number.localeCompare(a.number),
    );
}

/**
 * The document of an issued invoice or credit note of the owner's; null for a draft, someone else's,
 * or nothing at all (the same answer, so nothing is learnt).
 */
export async function ownerIssuedDocument(ownerId: string, invoiceId: string): Promise<InvoiceDocument | null> {
  const invoice = await getInvoice(invoiceId);
  if (!invoice || invoice.state !== "issued" || invoice.ownerId !== ownerId) return null;
  const credited = invoice.creditedInvoiceId ? await getInvoice(invoice.creditedInvoiceId) : null;
  return issuedDocument(invoice, credited, await stableLogo());
}

/** A result whose prize money the owner's share on its day brought them (information only). */
export type PrizeShare = {
  raceName: string;
  raceDate: string;
  position: number | null;
  prizeOere: number;
  shareHundredths: number;
  /** The owner's part, split by largest remainder over the horse's parts that day. */
  partOere: number;
};

/** One horse's year so far: fees, costs and credits billed (net of VAT), and the owner's part of its prize money. */
export type HorseStatement = {
  horseId: string;
  horseName: string;
  feesOere: number;
  costsOere: number;
  creditsOere: number;
  prizes: PrizeShare[];
  prizeOere: number;
};

const yearOf = (day: string) => day.slice(0, 4);

/**
 * Per horse, the year of `today` so far: the fee and cost lines of the owner's issued invoices whose
 * period starts in the year, the credit notes' lines likewise, and the prize money of its results up
 * to today times the owner's share on each race day. `horses`: the horses the owner follows, listed
 * even with nothing yet, beside those they hold a part of.
 */
export async function yearStatement(
  ownerId: string,
  today: string,
  horses: readonly { id: string; name: string }[],
): Promise<HorseStatement[]> {
  const year = yearOf(today);
  const issued = await listInvoices({ ownerId, state: "issued" });
  const rows = new Map<string, HorseStatement>();
  const row = (horseId: string, horseName: string) => {
    let found = rows.get(horseId);
    if (!found) {
      found = { horseId, horseName, feesOere: 0, costsOere: 0, creditsOere: 0, prizes: [], prizeOere: 0 };
      rows.set(horseId, found);
    }
    return found;
  };
  for (const horse of horses) row(horse.id, horse.name);
  // And every horse they hold a part of, followed or not (a prize on its day is theirs in part).
  const held = await db()
    .selectFrom("horse_shares as s")
    .innerJoin("horses as h", "h.id", "s.horse_id")
    .select(["h.id", "h.name"])
    .where("s.owner_id", "=", ownerId)
    .distinct()
    .execute();
  for (const horse of held) row(horse.id, horse.name);
  for (const invoice of issued) {
    for (const line of invoice.lines) {
      if (!line.horseId) continue;
      if (yearOf(line.period?.start ?? invoice.period.start) !== year) continue;
      const r = row(line.horseId, line.horseName ?? "");
      if (invoice.kind === "credit-note") r.creditsOere += line.netOere;
      else if (line.source === "fee") r.feesOere += line.netOere;
      else r.costsOere += line.netOere;
    }
  }
  const ids = [...rows.keys()];
  const sets = await shareSets(ids);
  for (const r of rows.values()) {
    const own = sets
      .filter((s) => s.horseId === r.horseId)
      .map((s) => ({
        validFrom: s.validFrom,
        parts: s.parts.map((p) => ({ party: p.ownerId ?? STABLE, hundredths: p.hundredths })),
      }));
    const record = await getRaceRecord(r.horseId);
    for (const entry of record.entries) {
      if (!entry.prizeOre || entry.prizeOre <= 0) continue;
      if (yearOf(entry.raceDate) !== year || entry.raceDate > today) continue;
      const set = inEffect(own, entry.raceDate);
      const mine = set?.parts.find((p) => p.party === ownerId);
      if (!set || !mine) continue;
      // Parts that do not add up to 100 % that day: the part missing is nobody's, so no one gets more.
      const total = set.parts.reduce((sum, p) => sum + p.hundredths, 0);
      if (total > WHOLE_HUNDREDTHS) continue;
      const parts =
        total < WHOLE_HUNDREDTHS
          ? [...set.parts, { party: "\u0000rest", hundredths: WHOLE_HUNDREDTHS - total }]
          : set.parts;
      const partOere = splitOverParts(entry.prizeOre, parts).get(ownerId) ?? 0;
      r.prizes.push({
        raceName: entry.raceName,
        raceDate: entry.raceDate,
        position: entry.position,
        prizeOere: entry.prizeOre,
        shareHundredths: mine.hundredths,
        partOere,
      });
      r.prizeOere += partOere;
    }
    r.prizes.sort((a, b) => (a.raceDate < b.raceDate ? -1 : a.raceDate > b.raceDate ? 1 : 0));
  }
  return [...rows.values()].sort((a, b) => a.horseName.localeCompare(b.horseName, "da"));
}

/** A planned cost above the owner's limit that waits for their answer. */
export type AwaitingCost = {
  costId: string;
  date: string;
  category: CostCategory;
  description: string;
  horseNames: string[];
  /** What the owner would pay of it, VAT included (what the limit is compared with). */
  grossOere: number;
  limitOere: number;
  vat: Cost["vat"];
  hasReceipt: boolean;
  /** Their question, when they asked one (it still waits). */
  question: string | null;
  askedAt: string | null;
};

/** How far ahead a planned cost may be dated and still be asked about. */
const PLANNED_AHEAD_DAYS = 3660;

/**
 * The planned costs whose part for the owner is above their limit, not approved and not billed yet,
 * oldest first (decision 0284: worked out from the shares on each cost's date and the limit now).
 */
export async function costsAwaiting(ownerId: string, today: string): Promise<AwaitingCost[]> {
  const details = await getOwnerBillingDetails(ownerId);
  const limit = details?.approvalLimitOere;
  if (limit == null) return [];
  const planned = (await passedOnCosts(addDays(today, -COST_LOOKBACK_DAYS), addDays(today, PLANNED_AHEAD_DAYS))).filter(
    (c) => c.planned,
  );
  if (planned.length === 0) return [];
  const horseIds = [...new Set(planned.flatMap((c) => c.parts.map((p) => p.horseId)))];
  const [facts, approvals, billed] = await Promise.all([
    horseFacts(db(), horseIds),
    approvalsFor(planned.map((c) => c.id)),
    billedCostParts(planned.flatMap((c) => c.parts.map((p) => p.id))),
  ]);
  const horses = new Map(facts.map((h) => [h.horseId, h]));
  const decisions = approvals
    .filter((a) => a.ownerId === ownerId)
    .map((a) => ({ costId: a.costId, party: a.ownerId, state: a.state }));
  const limits = new Map([[ownerId, limit]]);
  const out: AwaitingCost[] = [];
  for (const cost of planned) {
    const asFacts: CostFacts = {
      costId: cost.id,
      date: cost.date,
      category: cost.category,
      description: cost.description,
      amountOere: cost.amountOere,
      vat: cost.vat,
      passedOn: cost.passedOn,
      planned: cost.planned,
      parts: cost.parts.map((p) => ({ partId: p.id, horseId: p.horseId, partOere: p.partOere })),
    };
    const lines = costLines(asFacts, horses).filter((l) => l.party === ownerId);
    if (lines.length === 0) continue;
    if (lines.every((l) => l.source === "cost" && billed.has(`${l.partId}:${ownerId}`))) continue;
    const gross = ownerCostGross(lines, ownerId, cost.id);
    if (!awaitsApproval(asFacts, ownerId, gross, limits, decisions)) continue;
    const asked = approvals.find((a) => a.costId === cost.id && a.ownerId === ownerId && a.state === "question");
    out.push({
      costId: cost.id,
      date: cost.date,
      category: cost.category,
      description: cost.description,
      horseNames: [...new Set(lines.map((l) => l.horseName))],
      grossOere: gross,
      limitOere: limit,
      vat: cost.vat,
      hasReceipt: !!cost.receiptKey,
      question: asked?.question ?? null,
      askedAt: asked?.decidedAt ?? null,
    });
  }
  return out;
}

/** The planned cost of the owner's an answer may be given to (decideOnCost's own check, read only); null otherwise. */
export async function plannedCostOf(ownerId: string, costId: string): Promise<Cost | null> {
  const cost = await getCost(costId);
  if (!cost || !cost.planned || !cost.passedOn) return null;
  return (await ownerHasPartOf(ownerId, cost)) ? cost : null;
}
