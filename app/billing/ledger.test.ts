import { describe, expect, it } from "vitest";
import { monthPeriod } from "~/models/billing-terms";
import { documentProblems, documentTotals, type DocumentLine, type InvoiceDocument } from "./invoice-document";
import {
  billTotals,
  costLines,
  dayRate,
  describeLine,
  inEffect,
  linesOf,
  monthBill,
  ownerCostGross,
  shareProblems,
  sharePartProblems,
  STABLE,
  vatOf,
  type CostFacts,
  type DayRates,
  type HorseFacts,
  type LedgerLine,
  type MonthFacts,
} from "./ledger";
import { splitByLargestRemainder, spreadEvenly } from "~/models/money-split";
import { SAMPLE_DOCUMENTS } from "./sample-documents";

const january = monthPeriod("2026-01");
const rates: DayRates = { training: 45000, "pre-training": 30050, resting: 15000 };

function horse(name: string, more: Partial<HorseFacts> = {}): HorseFacts {
  return {
    horseId: `h-${name}`,
    horseName: name,
    statuses: [{ validFrom: "2025-06-01", status: "training" }],
    shares: [],
    overrides: [],
    ...more,
  };
}

const set = (validFrom: string, parts: Record<string, number>) => ({
  validFrom,
  parts: Object.entries(parts).map(([party, hundredths]) => ({ party, hundredths })),
});

function facts(more: Partial<MonthFacts>): MonthFacts {
  return {
    period: january,
    horses: [],
    rates,
    costs: [],
    limits: new Map(),
    approvals: [],
    billed: new Set(),
    ...more,
  };
}

function cost(more: Partial<CostFacts> & Pick<CostFacts, "parts">): CostFacts {
  const amountOere = more.amountOere ?? more.parts.reduce((s, p) => s + p.partOere, 0);
  return {
    costId: "c1",
    date: "2026-01-12",
    category: "vet",
    description: "Halthedsundersøgelse",
    vat: "standard",
    passedOn: true,
    planned: false,
    ...more,
    amountOere,
  };
}

/** The lines as [party, period, quantity, share, net]: what an owner reads on the invoice. */
const summary = (lines: LedgerLine[]) =>
  lines.map((l) => [l.party, `${l.period.start}..${l.period.end}`, l.quantity, l.shareHundredths, l.netOere]);

/** A line as the documents take it, to hold it to their rule: net within 1 øre of quantity × share × price. */
function documentLine(line: LedgerLine): DocumentLine {
  return {
    description: describeLine(line, "da"),
    horseName: line.horseName,
    period: line.period,
    quantity: String(line.quantity),
    unit: line.unit,
    unitPriceOere: line.unitPriceOere,
    sharePercent: line.shareHundredths === 10000 ? null : String(line.shareHundredths / 100),
    netOere: line.netOere,
    vat: line.vat,
  };
}

function documentOf(lines: LedgerLine[]): InvoiceDocument {
  return { ...(SAMPLE_DOCUMENTS["private-invoice-da"] as InvoiceDocument), lines: lines.map(documentLine) };
}

/** A tiny deterministic generator, so the property tests are the same every run. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

describe("splitByLargestRemainder", () => {
  it("gives the øre left over to the largest remainders, ties to the larger weight and then the order given", () => {
    const even = splitByLargestRemainder(100, [
      { key: "a", weight: 1 },
      { key: "b", weight: 1 },
      { key: "c", weight: 1 },
    ]);
    expect([...even]).toEqual([
      ["a", 34],
      ["b", 33],
      ["c", 33],
    ]);
    // 1 øre at 60/40: 0,6 beats 0,4.
    expect([
      ...splitByLargestRemainder(1, [
        { key: "a", weight: 4000 },
        { key: "b", weight: 6000 },
      ]),
    ]).toEqual([
      ["a", 0],
      ["b", 1],
    ]);
    // 1 øre at 50/25/25: remainders 0,5 / 0,25 / 0,25.
    expect([
      ...splitByLargestRemainder(3, [
        { key: "small", weight: 2500 },
        { key: "big", weight: 5000 },
        { key: "other", weight: 2500 },
      ]),
    ]).toEqual([
      ["small", 1],
      ["big", 1],
      ["other", 1],
    ]);
    // Equal remainders, different weights: 5 øre at 33,33/33,33/33,34 → the larger weight wins the tie.
    expect([
      ...splitByLargestRemainder(2, [
        { key: "a", weight: 2500 },
        { key: "b", weight: 7500 },
      ]),
    ]).toEqual([
      ["a", 0],
      ["b", 2],
    ]);
    expect([
      ...splitByLargestRemainder(2, [
        { key: "a", weight: 2500 },
        { key: "b", weight: 2500 },
        { key: "c", weight: 5000 },
      ]),
    ]).toEqual([
      ["a", 1],
      ["b", 0],
      ["c", 1],
    ]);
  });

  it("adds up to the amount exactly and keeps every part within one øre of its exact share", () => {
    const next = random(36);
    for (let round = 0; round < 2000; round++) {
      const amount = next(10_000_000) - (round % 5 === 0 ? 5_000_000 : 0);
      const weights = Array.from({ length: 1 + next(6) }, (_, i) => ({ key: `p${i}`, weight: next(10_001) }));
      if (weights.every((w) => w.weight === 0)) weights[0]!.weight = 1;
      const total = weights.reduce((s, w) => s + w.weight, 0);
      const parts = splitByLargestRemainder(amount, weights);
      expect([...parts.values()].reduce((s, p) => s + p, 0)).toBe(amount);
      for (const w of weights) {
        // |part × total − amount × weight| < total, in integers.
        const gap = BigInt(parts.get(w.key)!) * BigInt(total) - BigInt(amount) * BigInt(w.weight);
        expect(gap < 0n ? -gap : gap).toBeLessThan(BigInt(total));
        if (w.weight === 0) expect(parts.get(w.key)).toBe(0);
      }
    }
  });

  it("splits a negative amount as the mirror of the positive one", () => {
    const weights = [
      { key: "a", weight: 3333 },
      { key: "b", weight: 3333 },
      { key: "c", weight: 3334 },
    ];
    const plus = splitByLargestRemainder(1000, weights);
    const minus = splitByLargestRemainder(-1000, weights);
    for (const w of weights) expect(minus.get(w.key)).toBe(-plus.get(w.key)!);
  });

  it("refuses what cannot be split: no weight, a party twice, a fraction of an øre, a negative weight", () => {
    expect(() => splitByLargestRemainder(100, [{ key: "a", weight: 0 }])).toThrow(/nothing/);
    expect(() =>
      splitByLargestRemainder(100, [
        { key: "a", weight: 1 },
        { key: "a", weight: 1 },
      ]),
    ).toThrow(/twice/);
    expect(() => splitByLargestRemainder(0.5, [{ key: "a", weight: 1 }])).toThrow(/øre/);
    expect(() => splitByLargestRemainder(1, [{ key: "a", weight: -1 }])).toThrow(/weight/);
  });
});

describe("the facts in effect on a day", () => {
  it("are the last row dated on or before it, in any order stored", () => {
    const rows = [
      { validFrom: "2026-01-16", v: 2 },
      { validFrom: "2026-01-01", v: 1 },
      { validFrom: "2026-02-01", v: 3 },
    ];
    expect(inEffect(rows, "2025-12-31")).toBeNull();
    expect(inEffect(rows, "2026-01-01")?.v).toBe(1);
    expect(inEffect(rows, "2026-01-15")?.v).toBe(1);
    expect(inEffect(rows, "2026-01-16")?.v).toBe(2);
    expect(inEffect(rows, "2026-03-01")?.v).toBe(3);
  });

  it("give a horse its own rate from a date, and the standard one again after an override ends", () => {
    const h = horse("Nordlys", {
      overrides: [
        { status: "training", validFrom: "2026-01-10", rateOere: 50000 },
        { status: "training", validFrom: "2026-01-20", rateOere: null },
        { status: "resting", validFrom: "2026-01-01", rateOere: 10000 },
      ],
    });
    expect(dayRate(h, rates, "training", "2026-01-09")).toBe(45000);
    expect(dayRate(h, rates, "training", "2026-01-10")).toBe(50000);
    expect(dayRate(h, rates, "training", "2026-01-20")).toBe(45000);
    expect(dayRate(h, rates, "resting", "2026-01-20")).toBe(10000);
    expect(dayRate(h, { ...rates, "pre-training": null }, "pre-training", "2026-01-20")).toBeNull();
  });
});

describe("a month's training fees", () => {
  it("two owners at 60/40 and a sale on the 16th: each owner pays exactly their days at their share", () => {
    // Anna keeps 60 %; Bo sells his 40 % to Carl from 16 January.
    const nordlys = horse("Nordlys", {
      shares: [set("2025-06-01", { anna: 6000, bo: 4000 }), set("2026-01-16", { anna: 6000, carl: 4000 })],
    });
    const bill = monthBill(facts({ horses: [nordlys] }));
    expect(bill.problems).toEqual([]);
    expect(summary(bill.lines)).toEqual([
      ["anna", "2026-01-01..2026-01-15", 15, 6000, 405000],
      ["bo", "2026-01-01..2026-01-15", 15, 4000, 270000],
      ["anna", "2026-01-16..2026-01-31", 16, 6000, 432000],
      ["carl", "2026-01-16..2026-01-31", 16, 4000, 288000],
    ]);
    const totals = billTotals(bill.lines);
    expect(totals.total).toBe(31 * 45000);
    expect(totals.byParty.get("anna")).toBe(837000);
    expect(totals.byParty.get("bo")).toBe(270000);
    expect(totals.byParty.get("carl")).toBe(288000);
    expect(documentProblems(documentOf(linesOf(bill, "anna")))).toEqual([]);
  });

  it("bills a day at the status and rate of that day: a horse turned out on the 10th, away from the 25th", () => {
    const h = horse("Sølvpil", {
      statuses: [
        { validFrom: "2025-06-01", status: "training" },
        { validFrom: "2026-01-10", status: "resting" },
        { validFrom: "2026-01-25", status: "away" },
      ],
      shares: [set("2025-06-01", { anna: 10000 })],
    });
    const { lines } = monthBill(facts({ horses: [h] }));
    expect(lines.map((l) => [l.source === "fee" && l.status, l.quantity, l.unitPriceOere, l.netOere])).toEqual([
      ["training", 9, 45000, 405000],
      ["resting", 15, 15000, 225000],
    ]);
    expect(describeLine(lines[0]!, "da")).toBe("Træningspenge, i træning");
    expect(describeLine(lines[1]!, "en")).toBe("Training fee, resting/at grass");
  });

  it("charges nothing for a retired or away horse, or before its first status", () => {
    const retired = horse("Gammel", {
      statuses: [{ validFrom: "2025-01-01", status: "retired" }],
      shares: [set("2025-01-01", { anna: 10000 })],
    });
    const arriving = horse("Ny", {
      statuses: [{ validFrom: "2026-01-20", status: "pre-training" }],
      shares: [set("2026-01-20", { anna: 10000 })],
    });
    const bill = monthBill(facts({ horses: [retired, arriving] }));
    expect(bill.problems).toEqual([]);
    expect(summary(bill.lines)).toEqual([["anna", "2026-01-20..2026-01-31", 12, 10000, 12 * 30050]]);
  });

  it("splits three ways at 33,33/33,33/33,34 to parts that add up, each within one øre of its exact share", () => {
    const h = horse("Kløverdronning", { shares: [set("2025-06-01", { a: 3333, b: 3333, c: 3334 })] });
    const { lines } = monthBill(facts({ horses: [h] }));
    // 31 × 450,00 = 13.950,00 kr.: 4.649,535 + 4.649,535 + 4.650,93.
    expect(lines.map((l) => l.netOere)).toEqual([464954, 464953, 465093]);
    expect(billTotals(lines).total).toBe(1395000);
    for (const party of ["a", "b", "c"]) expect(documentProblems(documentOf(linesOf({ lines }, party)))).toEqual([]);
  });

  it("keeps the stable's own part as a part like any other: it takes its share and no more", () => {
    const h = horse("Nordlys", { shares: [set("2025-06-01", { anna: 3333, [STABLE]: 6667 })] });
    const { lines } = monthBill(facts({ horses: [h], period: monthPeriod("2026-02") }));
    // 28 × 450,00 = 12.600,00 kr.: Anna 4.199,58 (exact 4.199,58), the stable 8.400,42.
    expect(summary(lines)).toEqual([
      ["anna", "2026-02-01..2026-02-28", 28, 3333, 419958],
      [STABLE, "2026-02-01..2026-02-28", 28, 6667, 840042],
    ]);
    const rounding = horse("Sølvpil", { shares: [set("2025-06-01", { anna: 5000, bo: 2500, [STABLE]: 2500 })] });
    // One day at 0,01 kr. and at 0,03 kr.: the øre left over go by remainder, the stable's like anyone's.
    const oneDay = (rate: number) =>
      monthBill(
        facts({
          horses: [rounding],
          period: { start: "2026-01-01", end: "2026-01-01" },
          rates: { ...rates, training: rate },
        }),
      ).lines.map((l) => [l.party, l.netOere]);
    expect(oneDay(1)).toEqual([
      ["anna", 1],
      ["bo", 0],
      [STABLE, 0],
    ]);
    expect(oneDay(3)).toEqual([
      ["anna", 1],
      ["bo", 1],
      [STABLE, 1],
    ]);
  });

  it("agrees with the day-by-day sum: every owner's month is within one øre per line of Σ days × rate × share", () => {
    const next = random(7);
    for (let round = 0; round < 200; round++) {
      const owners = ["a", "b", "c", "d"];
      const shares = Array.from({ length: 1 + next(4) }, (_, i) => {
        const cut = [next(10000), next(10000), next(10000)].sort((x, y) => x - y);
        const parts = [cut[0]!, cut[1]! - cut[0]!, cut[2]! - cut[1]!, 10000 - cut[2]!];
        return set(i === 0 ? "2025-06-01" : `2026-01-${String(2 + next(29)).padStart(2, "0")}`, {
          ...Object.fromEntries(owners.map((o, k) => [o, parts[k]!]).filter(([, p]) => (p as number) > 0)),
        });
      });
      const statuses = [
        { validFrom: "2025-06-01", status: "training" as const },
        { validFrom: `2026-01-${String(1 + next(31)).padStart(2, "0")}`, status: "resting" as const },
      ];
      const h = horse("H", { shares, statuses });
      const bill = monthBill(facts({ horses: [h] }));
      expect(bill.problems).toEqual([]);
      for (const owner of owners) {
        const mine = linesOf(bill, owner);
        // Exact, in øre × 10000: Σ over the days of rate × share.
        let exact = 0n;
        for (let d = 1; d <= 31; d++) {
          const day = `2026-01-${String(d).padStart(2, "0")}`;
          const status = inEffect(statuses, day)!.status as "training" | "resting";
          const part = inEffect(shares, day)!.parts.find((p) => p.party === owner)?.hundredths ?? 0;
          exact += BigInt(rates[status]!) * BigInt(part);
        }
        const billed = BigInt(mine.reduce((s, l) => s + l.netOere, 0)) * 10000n;
        const gap = billed > exact ? billed - exact : exact - billed;
        expect(gap).toBeLessThanOrEqual(BigInt(mine.length) * 10000n);
      }
      expect(billTotals(bill.lines).total).toBe(
        [...Array(31).keys()].reduce((s, i) => {
          const status = inEffect(statuses, `2026-01-${String(i + 1).padStart(2, "0")}`)!.status as
            "training" | "resting";
          return s + rates[status]!;
        }, 0),
      );
    }
  });

  it("reports a status without a day rate instead of billing it at nothing", () => {
    const h = horse("Nordlys", { shares: [set("2025-06-01", { anna: 10000 })] });
    const bill = monthBill(facts({ horses: [h], rates: { ...rates, training: null } }));
    expect(bill.lines).toEqual([]);
    expect(bill.problems).toEqual([
      {
        kind: "day-rate",
        horseId: "h-Nordlys",
        horseName: "Nordlys",
        status: "training",
        start: "2026-01-01",
        end: "2026-01-31",
      },
    ]);
    // A rate of 0 is a rate: nothing to bill, nothing to report.
    expect(monthBill(facts({ horses: [h], rates: { ...rates, training: 0 } }))).toMatchObject({
      lines: [],
      problems: [],
    });
  });
});

describe("shares that do not add up to 100 %", () => {
  it("are listed day by day for the admin, and those days are billed to nobody", () => {
    // 60/30 from the 10th (someone forgot 10 %), none at all before the 5th.
    const h = horse("Nordlys", {
      shares: [set("2026-01-05", { anna: 6000, bo: 4000 }), set("2026-01-10", { anna: 6000, bo: 3000 })],
    });
    const bill = monthBill(facts({ horses: [h] }));
    expect(bill.problems).toEqual([
      {
        kind: "shares",
        horseId: "h-Nordlys",
        horseName: "Nordlys",
        start: "2026-01-01",
        end: "2026-01-04",
        totalHundredths: 0,
      },
      {
        kind: "shares",
        horseId: "h-Nordlys",
        horseName: "Nordlys",
        start: "2026-01-10",
        end: "2026-01-31",
        totalHundredths: 9000,
      },
    ]);
    expect(summary(bill.lines)).toEqual([
      ["anna", "2026-01-05..2026-01-09", 5, 6000, 135000],
      ["bo", "2026-01-05..2026-01-09", 5, 4000, 90000],
    ]);
  });

  it("are found above 100 % too, and for a horse with a cost but no fee", () => {
    const over = horse("Over", { shares: [set("2025-06-01", { anna: 6000, bo: 6000 })] });
    expect(shareProblems(over, january)).toEqual([
      {
        kind: "shares",
        horseId: "h-Over",
        horseName: "Over",
        start: "2026-01-01",
        end: "2026-01-31",
        totalHundredths: 12000,
      },
    ]);
    const away = horse("Ude", { statuses: [{ validFrom: "2025-01-01", status: "away" }] });
    expect(shareProblems(away, january)).toEqual([]);
    expect(shareProblems(away, january, new Set(["2026-01-12"]))).toEqual([
      {
        kind: "shares",
        horseId: "h-Ude",
        horseName: "Ude",
        start: "2026-01-12",
        end: "2026-01-12",
        totalHundredths: 0,
      },
    ]);
    const bill = monthBill(
      facts({ horses: [away], costs: [cost({ parts: [{ partId: "p1", horseId: "h-Ude", partOere: 125000 }] })] }),
    );
    expect(bill.lines).toEqual([]);
    expect(bill.problems).toHaveLength(1);
  });

  it("are told apart from a set's own faults: a part out of range, an owner twice", () => {
    expect(sharePartProblems([{ party: "a", hundredths: 10000 }])).toEqual([]);
    expect(sharePartProblems([{ party: "a", hundredths: 0 }])).toEqual(["a part is not between 0,01 % and 100 %"]);
    expect(
      sharePartProblems([
        { party: "a", hundredths: 5000 },
        { party: "a", hundredths: 5000 },
      ]),
    ).toEqual(["an owner has two parts"]);
  });
});

describe("costs passed on", () => {
  const two = horse("Nordlys", { shares: [set("2025-06-01", { anna: 6000, bo: 4000 })], statuses: [] });

  it("a 1.250,00 kr. vet bill with VAT and an outlay without: split at 60/40, VAT per rate as EN 16931 computes it", () => {
    const vet = cost({ parts: [{ partId: "p1", horseId: two.horseId, partOere: 125000 }] });
    const entry = cost({
      costId: "c2",
      date: "2026-01-18",
      category: "entry-fee",
      description: "Klampenborg 18. januar",
      vat: "outlay",
      parts: [{ partId: "p2", horseId: two.horseId, partOere: 60000 }],
    });
    const bill = monthBill(facts({ horses: [two], costs: [vet, entry] }));
    expect(bill.problems).toEqual([]);
    expect(bill.lines.map((l) => [l.party, l.vat, l.unitPriceOere, l.shareHundredths, l.netOere])).toEqual([
      ["anna", "standard", 125000, 6000, 75000],
      ["bo", "standard", 125000, 4000, 50000],
      ["anna", "outlay", 60000, 6000, 36000],
      ["bo", "outlay", 60000, 4000, 24000],
    ]);
    const anna = documentOf(linesOf(bill, "anna"));
    expect(documentProblems(anna)).toEqual([]);
    expect(documentTotals(anna)).toEqual({
      breakdown: [
        { vat: "standard", ratePercent: 25, taxableOere: 75000, vatOere: 18750 },
        { vat: "outlay", ratePercent: 0, taxableOere: 36000, vatOere: 0 },
      ],
      netOere: 111000,
      vatOere: 18750,
      totalOere: 129750,
    });
    expect(describeLine(bill.lines[0]!, "da")).toBe("Dyrlæge: Halthedsundersøgelse");
    expect(describeLine(bill.lines[2]!, "en")).toBe("Entry fee: Klampenborg 18. januar");
  });

  it("a cost spread over three horses: each horse's part, then each owner's, to the øre, all adding up", () => {
    expect([...spreadEvenly(125000, ["x", "y", "z"]).values()]).toEqual([41667, 41667, 41666]);
    const horses = [
      horse("Kløverdronning", { shares: [set("2025-06-01", { anna: 3333, bo: 3333, [STABLE]: 3334 })] }),
      horse("Nordlys", { shares: [set("2025-06-01", { anna: 5000, carl: 5000 })] }),
      horse("Sølvpil", { shares: [set("2025-06-01", { carl: 10000 })] }),
    ];
    const spread = spreadEvenly(
      125000,
      horses.map((h) => h.horseId),
    );
    const farrier = cost({
      category: "farrier",
      description: "Nye sko",
      date: "2026-01-20",
      amountOere: 125000,
      parts: horses.map((h, i) => ({ partId: `p${i}`, horseId: h.horseId, partOere: spread.get(h.horseId)! })),
    });
    const lines = costLines(farrier, new Map(horses.map((h) => [h.horseId, h])));
    expect(lines.map((l) => [l.horseName, l.party, l.unitPriceOere, l.netOere])).toEqual([
      ["Kløverdronning", "anna", 41667, 13888],
      ["Kløverdronning", "bo", 41667, 13887],
      ["Kløverdronning", STABLE, 41667, 13892],
      ["Nordlys", "anna", 41667, 20834],
      ["Nordlys", "carl", 41667, 20833],
      ["Sølvpil", "carl", 41666, 41666],
    ]);
    expect(lines.reduce((s, l) => s + l.netOere, 0)).toBe(125000);
    for (const h of horses) {
      const ofHorse = lines.filter((l) => l.horseId === h.horseId);
      expect(ofHorse.reduce((s, l) => s + l.netOere, 0)).toBe(spread.get(h.horseId));
    }
    expect(describeLine(lines[0]!, "da")).toBe("Beslag: Nye sko, 1/3 af 1.250,00 kr.");
    expect(describeLine(lines[0]!, "en")).toBe("Farrier: Nye sko, 1/3 of 1.250,00 kr.");
    const uneven = costLines(
      { ...farrier, parts: farrier.parts.map((p, i) => ({ ...p, partOere: [50000, 50000, 25000][i]! })) },
      new Map(horses.map((h) => [h.horseId, h])),
    );
    expect(describeLine(uneven[0]!, "da")).toBe("Beslag: Nye sko, andel af 1.250,00 kr. for 3 heste");
    for (const party of ["anna", "bo", "carl"]) {
      expect(documentProblems(documentOf(lines.filter((l) => l.party === party)))).toEqual([]);
    }
  });

  it("bills what is passed on, dated up to the month's end, not billed before; late ones from earlier months too", () => {
    const parts = (id: string) => [{ partId: id, horseId: two.horseId, partOere: 10000 }];
    const bill = monthBill(
      facts({
        horses: [two],
        costs: [
          cost({ costId: "kept", passedOn: false, parts: parts("p-kept") }),
          cost({ costId: "next", date: "2026-02-01", parts: parts("p-next") }),
          cost({ costId: "late", date: "2025-12-20", parts: parts("p-late") }),
          cost({ costId: "done", parts: parts("p-done") }),
        ],
        billed: new Set(["p-done:anna"]),
      }),
    );
    expect(bill.lines.map((l) => l.source === "cost" && [l.costId, l.party, l.period.start])).toEqual([
      ["late", "anna", "2025-12-20"],
      ["late", "bo", "2025-12-20"],
      ["done", "bo", "2026-01-12"],
    ]);
  });

  it("a cost on a day its horse's parts do not add up is billed to nobody and reported, also before the month", () => {
    const bad = horse("Nordlys", { statuses: [], shares: [set("2025-06-01", { anna: 6000 })] });
    const bill = monthBill(
      facts({
        horses: [bad],
        costs: [cost({ date: "2025-12-20", parts: [{ partId: "p1", horseId: bad.horseId, partOere: 10000 }] })],
      }),
    );
    expect(bill.lines).toEqual([]);
    expect(bill.problems.map((p) => [p.start, p.end])).toEqual([
      ["2026-01-01", "2026-01-31"],
      ["2025-12-20", "2025-12-20"],
    ]);
  });
});

describe("approval before unusual costs", () => {
  const h = horse("Nordlys", { statuses: [], shares: [set("2025-06-01", { anna: 6000, bo: 4000 })] });
  const planned = cost({ planned: true, parts: [{ partId: "p1", horseId: h.horseId, partOere: 125000 }] });

  it("holds back a planned cost above an owner's limit (their part, VAT included) until they approve it", () => {
    // Anna pays 750,00 + 187,50 VAT = 937,50 kr.; Bo 625,00 kr.
    const limits = new Map([
      ["anna", 90000],
      ["bo", 62500],
    ]);
    const waiting = monthBill(facts({ horses: [h], costs: [planned], limits }));
    expect(waiting.awaiting).toEqual([
      { costId: "c1", party: "anna", grossOere: 93750, limitOere: 90000, asked: false },
    ]);
    expect(waiting.lines.map((l) => l.party)).toEqual(["bo"]);

    const asked = monthBill(
      facts({ horses: [h], costs: [planned], limits, approvals: [{ costId: "c1", party: "anna", state: "question" }] }),
    );
    expect(asked.awaiting).toMatchObject([{ party: "anna", asked: true }]);

    const approved = monthBill(
      facts({ horses: [h], costs: [planned], limits, approvals: [{ costId: "c1", party: "anna", state: "approved" }] }),
    );
    expect(approved.awaiting).toEqual([]);
    expect(approved.lines.map((l) => [l.party, l.netOere])).toEqual([
      ["anna", 75000],
      ["bo", 50000],
    ]);
  });

  it("asks nothing of an owner without a limit, for a cost that was not planned, or for the stable's part", () => {
    const limits = new Map([["anna", 0]]);
    expect(monthBill(facts({ horses: [h], costs: [{ ...planned, planned: false }], limits })).awaiting).toEqual([]);
    expect(monthBill(facts({ horses: [h], costs: [planned] })).awaiting).toEqual([]);
    const stable = horse("Stald", { statuses: [], shares: [set("2025-06-01", { [STABLE]: 10000 })] });
    const own = cost({ planned: true, parts: [{ partId: "p9", horseId: stable.horseId, partOere: 125000 }] });
    expect(monthBill(facts({ horses: [stable], costs: [own], limits: new Map([[STABLE, 0]]) })).awaiting).toEqual([]);
  });

  it("compares an outlay's part without VAT", () => {
    const outlay = { ...planned, vat: "outlay" as const };
    const lines = costLines(outlay, new Map([[h.horseId, h]]));
    expect(ownerCostGross(lines, "anna", "c1")).toBe(75000);
    expect(ownerCostGross(costLines(planned, new Map([[h.horseId, h]])), "anna", "c1")).toBe(93750);
  });
});

describe("vatOf", () => {
  it("is 25 % rounded half away from zero, and nothing on an outlay", () => {
    expect(vatOf(125000, "standard")).toBe(31250);
    expect(vatOf(2, "standard")).toBe(1);
    expect(vatOf(1, "standard")).toBe(0);
    expect(vatOf(-2, "standard")).toBe(-1);
    expect(vatOf(125000, "outlay")).toBe(0);
  });
});
