import {
  addDays,
  CATEGORY_NAMES,
  daysBetween,
  isFeeStatus,
  STATUS_NAMES,
  WHOLE_HUNDREDTHS,
  type BillingLang,
  type CostCategory,
  type FeeStatus,
  type HorseStatus,
  type VatKind,
} from "~/models/billing-terms";
import { splitByLargestRemainder, spreadEvenly } from "~/models/money-split";
import { formatOere } from "./document-texts";

/**
 * What each owner owes for a month, as pure functions of the stored facts (decision 0283): every
 * amount is split once over all the parts of the horse it belongs to, by largest remainder, so the
 * parts add up to it exactly; the stable's own part is a part like any other. Whole øre throughout,
 * products and quotients in BigInt.
 */

/** The stable's own part of a horse, beside the owners' user ids. */
export const STABLE = "stable";
export type Party = string;

export type SharePart = { party: Party; hundredths: number };
/** The parts of a horse from `validFrom` until the next set's date. */
export type ShareSet = { validFrom: string; parts: SharePart[] };
export type StatusPeriod = { validFrom: string; status: HorseStatus };
/** A horse's own rate at a status from a date; null: the standard rate again. */
export type RateOverride = { status: FeeStatus; validFrom: string; rateOere: number | null };
/** The standard day rates; null: not set yet. */
export type DayRates = Record<FeeStatus, number | null>;

export type HorseFacts = {
  horseId: string;
  horseName: string;
  statuses: StatusPeriod[];
  shares: ShareSet[];
  overrides: RateOverride[];
};

export type Period = { start: string; end: string };

/** The row in effect on `day`: the last one whose date is on or before it. */
export function inEffect<T extends { validFrom: string }>(rows: readonly T[], day: string): T | null {
  let found: T | null = null;
  for (const row of rows) {
    if (row.validFrom <= day && (!found || row.validFrom >= found.validFrom)) found = row;
  }
  return found;
}

export function shareTotal(set: ShareSet | null) {
  return set ? set.parts.reduce((sum, p) => sum + p.hundredths, 0) : 0;
}

/** What is wrong with a set of parts on its own: a part out of range, a party twice. */
export function sharePartProblems(parts: readonly SharePart[]): string[] {
  const problems: string[] = [];
  if (parts.some((p) => !Number.isInteger(p.hundredths) || p.hundredths < 1 || p.hundredths > WHOLE_HUNDREDTHS)) {
    problems.push("a part is not between 0,01 % and 100 %");
  }
  if (new Set(parts.map((p) => p.party)).size !== parts.length) problems.push("an owner has two parts");
  return problems;
}

/** The horse's day rate at a status on a day: its own from a date, or the standard one. */
export function dayRate(horse: Pick<HorseFacts, "overrides">, rates: DayRates, status: FeeStatus, day: string) {
  const own = inEffect(
    horse.overrides.filter((o) => o.status === status),
    day,
  );
  return own && own.rateOere !== null ? own.rateOere : rates[status];
}

export type Problem =
  /** The horse's parts do not add up to 100 % on these days (0: it has none), while something is billable. */
  | { kind: "shares"; horseId: string; horseName: string; start: string; end: string; totalHundredths: number }
  /** A status with a fee has no day rate set. */
  | { kind: "day-rate"; horseId: string; horseName: string; status: FeeStatus; start: string; end: string };

/** Consecutive days with the same value, as ranges. */
function ranges<T>(days: { day: string; value: T }[], same: (a: T, b: T) => boolean) {
  const out: { start: string; end: string; value: T }[] = [];
  for (const { day, value } of days) {
    const last = out[out.length - 1];
    if (last && addDays(last.end, 1) === day && same(last.value, value)) last.end = day;
    else out.push({ start: day, end: day, value });
  }
  return out;
}

function eachDay(period: Period) {
  const days: string[] = [];
  for (let day = period.start; day <= period.end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The parts of a set in a fixed order, as a key: two sets with the same parts split alike. */
const partsKey = (set: ShareSet) =>
  [...set.parts]
    .sort((a, b) => (a.party < b.party ? -1 : a.party > b.party ? 1 : 0))
    .map((p) => `${p.party}:${p.hundredths}`)
    .join(",");

/**
 * The days of `period` on which the horse's parts do not add up to 100 %, as ranges: every day its
 * parts are in effect, and every day without parts on which it has a fee or a cost (`costDays`).
 */
export function shareProblems(horse: HorseFacts, period: Period, costDays: ReadonlySet<string> = new Set()): Problem[] {
  const days = eachDay(period).flatMap((day) => {
    const set = inEffect(horse.shares, day);
    const status = inEffect(horse.statuses, day)?.status;
    const billable = set !== null || (status !== undefined && isFeeStatus(status)) || costDays.has(day);
    const total = shareTotal(set);
    return billable && total !== WHOLE_HUNDREDTHS ? [{ day, value: total }] : [];
  });
  return ranges(days, (a, b) => a === b).map((r) => ({
    kind: "shares",
    horseId: horse.horseId,
    horseName: horse.horseName,
    start: r.start,
    end: r.end,
    totalHundredths: r.value,
  }));
}

/** Days of one horse at one status and rate under one set of parts. */
export type FeeSegment = {
  horseId: string;
  horseName: string;
  start: string;
  end: string;
  days: number;
  status: FeeStatus;
  rateOere: number;
  parts: SharePart[];
};

/**
 * The horse's fee-bearing days of the period, grouped into runs of consecutive days with the same
 * status, rate and parts (a sale on the 16th: 1.–15. and 16.–31.). Days whose parts do not add up
 * to 100 % or whose status has no rate are problems instead, never billed.
 */
export function feeSegments(
  horse: HorseFacts,
  rates: DayRates,
  period: Period,
): { segments: FeeSegment[]; problems: Problem[] } {
  type Day = { status: FeeStatus; rate: number | null; set: ShareSet | null; key: string };
  const days: { day: string; value: Day }[] = [];
  for (const day of eachDay(period)) {
    const status = inEffect(horse.statuses, day)?.status;
    if (!status || !isFeeStatus(status)) continue;
    const rate = dayRate(horse, rates, status, day);
    if (rate === 0) continue;
    const set = inEffect(horse.shares, day);
    days.push({ day, value: { status, rate, set, key: set ? partsKey(set) : "" } });
  }
  const segments: FeeSegment[] = [];
  const problems: Problem[] = [];
  const runs = ranges(days, (a, b) => a.status === b.status && a.rate === b.rate && a.key === b.key);
  for (const run of runs) {
    const { status, rate, set } = run.value;
    if (rate === null) {
      problems.push({ kind: "day-rate", horseId: horse.horseId, horseName: horse.horseName, status, ...span(run) });
    } else if (shareTotal(set) !== WHOLE_HUNDREDTHS) {
      // Reported once per horse by shareProblems; nothing of these days is billed.
    } else {
      segments.push({
        horseId: horse.horseId,
        horseName: horse.horseName,
        ...span(run),
        days: daysBetween(run.start, run.end),
        status,
        rateOere: rate,
        parts: set!.parts,
      });
    }
  }
  return { segments, problems };
}

const span = (r: { start: string; end: string }) => ({ start: r.start, end: r.end });

/** An amount split over a set of parts that adds up to 100 %. */
export function splitOverParts(amountOere: number, parts: readonly SharePart[]): Map<Party, number> {
  return splitByLargestRemainder(
    amountOere,
    parts.map((p) => ({ key: p.party, weight: p.hundredths })),
  );
}

/** One horse's part of a cost. */
export type CostPart = { partId: string; horseId: string; partOere: number };

export type CostFacts = {
  costId: string;
  date: string;
  category: CostCategory;
  description: string;
  /** The whole cost, net of VAT: the parts add up to it. */
  amountOere: number;
  vat: VatKind;
  passedOn: boolean;
  planned: boolean;
  parts: CostPart[];
};

/** VAT on a net amount, rounded half away from zero (25 % of 0,02 kr. is 0,01 kr.). */
export function vatOf(netOere: number, vat: VatKind) {
  if (vat === "outlay") return 0;
  const scaled = BigInt(netOere) * 25n;
  const whole = scaled / 100n;
  const rest = scaled % 100n;
  return Number((rest < 0n ? -rest : rest) * 2n >= 100n ? whole + (scaled < 0n ? -1n : 1n) : whole);
}

/** A line of a month's bill before it is written in a language: what, for whom, how much. */
export type LedgerLine = {
  party: Party;
  horseId: string;
  horseName: string;
  period: Period;
  quantity: number;
  unit: "day" | "piece";
  unitPriceOere: number;
  /** The party's share of the line; 10000 for all of it. */
  shareHundredths: number;
  netOere: number;
  vat: VatKind;
} & (
  | { source: "fee"; status: FeeStatus }
  | {
      source: "cost";
      costId: string;
      partId: string;
      category: CostCategory;
      description: string;
      /** The whole cost and how many horses shared it, for "1/3 of 1.250,00 kr.". */
      costAmountOere: number;
      horses: number;
      evenly: boolean;
    }
);

/** A fee segment's lines: one per part, each the part's split of days × rate. */
export function feeLines(segment: FeeSegment): LedgerLine[] {
  const split = splitOverParts(segment.days * segment.rateOere, segment.parts);
  return segment.parts.map((p) => ({
    source: "fee",
    status: segment.status,
    party: p.party,
    horseId: segment.horseId,
    horseName: segment.horseName,
    period: { start: segment.start, end: segment.end },
    quantity: segment.days,
    unit: "day",
    unitPriceOere: segment.rateOere,
    shareHundredths: p.hundredths,
    netOere: split.get(p.party)!,
    vat: "standard",
  }));
}

/** Whether a cost's parts are the even spread of its amount. */
function isEven(cost: CostFacts) {
  const even = spreadEvenly(
    cost.amountOere,
    cost.parts.map((p) => p.partId),
  );
  return cost.parts.every((p) => even.get(p.partId) === p.partOere);
}

/**
 * A cost's lines: each horse's part split over that horse's parts on the cost's date. Parts of a
 * horse whose parts do not add up to 100 % that day are left out (and reported by shareProblems).
 */
export function costLines(cost: CostFacts, horses: ReadonlyMap<string, HorseFacts>): LedgerLine[] {
  const evenly = isEven(cost);
  return cost.parts.flatMap((part) => {
    const horse = horses.get(part.horseId);
    const set = horse ? inEffect(horse.shares, cost.date) : null;
    if (!horse || !set || shareTotal(set) !== WHOLE_HUNDREDTHS) return [];
    const split = splitOverParts(part.partOere, set.parts);
    return set.parts.map((p): LedgerLine => ({
      source: "cost",
      costId: cost.costId,
      partId: part.partId,
      category: cost.category,
      description: cost.description,
      costAmountOere: cost.amountOere,
      horses: cost.parts.length,
      evenly,
      party: p.party,
      horseId: horse.horseId,
      horseName: horse.horseName,
      period: { start: cost.date, end: cost.date },
      quantity: 1,
      unit: "piece",
      unitPriceOere: part.partOere,
      shareHundredths: p.hundredths,
      netOere: split.get(p.party)!,
      vat: cost.vat,
    }));
  });
}

/** What an owner pays of a cost, VAT included: what their approval limit is compared with. */
export function ownerCostGross(lines: readonly LedgerLine[], party: Party, costId: string) {
  const net = lines
    .filter((l) => l.source === "cost" && l.costId === costId && l.party === party)
    .reduce((sum, l) => sum + l.netOere, 0);
  const vat = lines.find((l) => l.source === "cost" && l.costId === costId)?.vat ?? "standard";
  return net + vatOf(net, vat);
}

/** An owner's decision on a planned cost. */
export type Approval = { costId: string; party: Party; state: "approved" | "question" };

export type MonthFacts = {
  period: Period;
  horses: HorseFacts[];
  rates: DayRates;
  /** Passed-on costs dated up to the period's end that are not yet on another invoice of the party. */
  costs: CostFacts[];
  /** Each owner's approval limit in øre (VAT included); absent: none. */
  limits: ReadonlyMap<Party, number>;
  approvals: readonly Approval[];
  /** `${partId}:${party}` of cost parts already on an invoice (issued or another draft). */
  billed: ReadonlySet<string>;
};

/** A planned cost above an owner's limit that they have not approved: not billed to them yet. */
export type AwaitingApproval = { costId: string; party: Party; grossOere: number; limitOere: number; asked: boolean };

export type MonthBill = {
  /** Every part's lines, the stable's included, in a fixed order (horse, date, kind). */
  lines: LedgerLine[];
  awaiting: AwaitingApproval[];
  problems: Problem[];
};

/** Whether an owner's part of a planned cost waits for their approval. */
export function awaitsApproval(
  cost: Pick<CostFacts, "costId" | "planned">,
  party: Party,
  grossOere: number,
  limits: ReadonlyMap<Party, number>,
  approvals: readonly Approval[],
) {
  const limit = limits.get(party);
  if (!cost.planned || party === STABLE || limit === undefined || grossOere <= limit) return false;
  return !approvals.some((a) => a.costId === cost.costId && a.party === party && a.state === "approved");
}

/**
 * A month's bill: per horse and day the status's rate times each part's share, each passed-on cost
 * times the parts on its date; a planned cost above an owner's limit waits for their approval.
 */
export function monthBill(facts: MonthFacts): MonthBill {
  const lines: LedgerLine[] = [];
  const problems: Problem[] = [];
  const awaiting: AwaitingApproval[] = [];
  const horses = new Map(facts.horses.map((h) => [h.horseId, h]));
  const costDays = new Map<string, Set<string>>();
  for (const cost of facts.costs) {
    if (!cost.passedOn || cost.date > facts.period.end) continue;
    for (const part of cost.parts) {
      (costDays.get(part.horseId) ?? costDays.set(part.horseId, new Set()).get(part.horseId)!).add(cost.date);
    }
  }
  for (const horse of facts.horses) {
    const fees = feeSegments(horse, facts.rates, facts.period);
    lines.push(...fees.segments.flatMap(feeLines));
    problems.push(...fees.problems, ...shareProblems(horse, facts.period, costDays.get(horse.horseId)));
  }
  for (const cost of facts.costs) {
    if (!cost.passedOn || cost.date > facts.period.end) continue;
    // Costs from before the period are checked on their own day (the period's check does not reach them).
    for (const part of cost.parts) {
      const horse = horses.get(part.horseId);
      if (horse && cost.date < facts.period.start) {
        problems.push(...shareProblems(horse, { start: cost.date, end: cost.date }, new Set([cost.date])));
      }
    }
    const all = costLines(cost, horses);
    const owners = new Set(all.map((l) => l.party));
    for (const party of owners) {
      const gross = ownerCostGross(all, party, cost.costId);
      if (awaitsApproval(cost, party, gross, facts.limits, facts.approvals)) {
        const asked = facts.approvals.some(
          (a) => a.costId === cost.costId && a.party === party && a.state === "question",
        );
        awaiting.push({ costId: cost.costId, party, grossOere: gross, limitOere: facts.limits.get(party)!, asked });
        continue;
      }
      lines.push(
        ...all.filter((l) => l.party === party && l.source === "cost" && !facts.billed.has(`${l.partId}:${party}`)),
      );
    }
  }
  const order = (l: LedgerLine) => `${l.horseName}\u0000${l.period.start}\u0000${l.source === "fee" ? 0 : 1}`;
  lines.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return { lines, awaiting, problems: dedupe(problems) };
}

function dedupe(problems: Problem[]) {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = JSON.stringify(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The lines of one party (an owner, or the stable), in the bill's order. */
export function linesOf(bill: Pick<MonthBill, "lines">, party: Party) {
  return bill.lines.filter((l) => l.party === party);
}

/** Net totals per party and per horse, and the whole: every amount's parts add up to it. */
export function billTotals(lines: readonly LedgerLine[]) {
  const byParty = new Map<Party, number>();
  const byHorse = new Map<string, number>();
  let total = 0;
  for (const line of lines) {
    byParty.set(line.party, (byParty.get(line.party) ?? 0) + line.netOere);
    byHorse.set(line.horseId, (byHorse.get(line.horseId) ?? 0) + line.netOere);
    total += line.netOere;
  }
  return { byParty, byHorse, total };
}

const FEE_WORD = { en: "Training fee", da: "Træningspenge" } as const;

/**
 * A line's description in the owner's language: "Træningspenge, i træning", "Beslag: Nye sko, 1/3 af
 * 1.250,00 kr." (the horse and the period are columns of their own on the documents).
 */
export function describeLine(line: LedgerLine, lang: BillingLang): string {
  if (line.source === "fee") return `${FEE_WORD[lang]}, ${STATUS_NAMES[lang][line.status].toLowerCase()}`;
  const what = line.description.trim()
    ? `${CATEGORY_NAMES[lang][line.category]}: ${line.description.trim()}`
    : CATEGORY_NAMES[lang][line.category];
  if (line.horses < 2) return what;
  const whole = `${formatOere(line.costAmountOere)} kr.`;
  const part = line.evenly
    ? { en: `1/${line.horses} of ${whole}`, da: `1/${line.horses} af ${whole}` }
    : { en: `part of ${whole} for ${line.horses} horses`, da: `andel af ${whole} for ${line.horses} heste` };
  return `${what}, ${part[lang]}`;
}
