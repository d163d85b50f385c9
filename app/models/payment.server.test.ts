import { describe, expect, it } from "vitest";
import { standingOf } from "./payment.server";

const invoice = { totalOere: 100000, dueDate: "2026-02-15", lines: 3, creditedLines: 0 };

describe("where an invoice stands", () => {
  it("is due, then overdue after its due date, part-paid, and paid once nothing is left", () => {
    expect(standingOf(invoice, 0, 0, "2026-02-15")).toEqual({
      status: "due",
      totalOere: 100000,
      paidOere: 0,
      creditedOere: 0,
      outstandingOere: 100000,
      overdue: false,
    });
    expect(standingOf(invoice, 0, 0, "2026-02-16")).toMatchObject({ status: "overdue", overdue: true });
    expect(standingOf(invoice, 40000, 0, "2026-02-10")).toMatchObject({ status: "part-paid", outstandingOere: 60000 });
    expect(standingOf(invoice, 40000, 0, "2026-03-01")).toMatchObject({ status: "overdue", outstandingOere: 60000 });
    expect(standingOf(invoice, 100000, 0, "2026-03-01")).toMatchObject({ status: "paid", overdue: false });
  });

  it("is credited when credit notes leave nothing to pay or credit every line, and paid when the rest was paid", () => {
    expect(standingOf(invoice, 0, 100000, "2026-03-01")).toMatchObject({ status: "credited", outstandingOere: 0 });
    expect(standingOf(invoice, 60000, 40000, "2026-03-01")).toMatchObject({ status: "paid", outstandingOere: 0 });
    expect(standingOf(invoice, 0, 40000, "2026-03-01")).toMatchObject({ status: "overdue", outstandingOere: 60000 });
    // Every line credited in two notes whose VAT rounded to one øre more than the invoice's.
    expect(standingOf({ ...invoice, creditedLines: 3 }, 0, 100001, "2026-03-01")).toMatchObject({
      status: "credited",
      outstandingOere: 0,
      overdue: false,
    });
    expect(standingOf({ ...invoice, creditedLines: 3 }, 0, 99999, "2026-03-01")).toMatchObject({
      status: "credited",
      overdue: false,
    });
  });
});
