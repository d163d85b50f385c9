import { describe, expect, it } from "vitest";
import { billedOwner, horseInTraining, setUpStable, passedOnCost } from "@tests/billing";
import { createUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { listActivity } from "~/models/activity.server";
import { addDraftLine, listInvoices } from "~/models/invoice.server";
import { recordPayment } from "~/models/payment.server";
import { runAs } from "~/platform/actor.server";
import {
  amountText,
  documentsCsv,
  DOCUMENT_COLUMNS,
  exportForAccountant,
  InvalidExportPeriodError,
  LINE_COLUMNS,
  linesCsv,
} from "./invoice-export.server";
import { issueCreditNote, issueInvoices } from "./issue.server";
import { runMonthlyDrafts } from "./monthly-drafts.server";

useFreshDatabase();

/** A line of Nordlys on invoice `number` of February 1st. */
const row = (number: string, customer: string, line: string, description: string, ...rest: string[]) => [
  number,
  "Invoice",
  "2026-02-01",
  number,
  customer,
  line,
  description,
  "Nordlys",
  ...rest,
];

/** The cells of a CSV file, quotes undone (RFC 4180). */
function rows(csv: string) {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && csv[i + 1] === "\n") {
      row.push(cell);
      out.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return out;
}

async function month() {
  await setUpStable();
  const anna = await billedOwner("Anna Holm", { company: true });
  const bo = await billedOwner("Bo Berg");
  const nordlys = await horseInTraining("Nordlys", [
    { ownerId: anna.id, hundredths: 6000 },
    { ownerId: bo.id, hundredths: 4000 },
  ]);
  await passedOnCost(
    { date: "2026-01-18", category: "entry-fee", description: "Klampenborg", amountOere: 60000, vat: "outlay" },
    [nordlys.id],
  );
  await runMonthlyDrafts({ month: "2026-01" });
  const drafts = await listInvoices({ state: "draft" });
  const boDraft = drafts.find((d) => d.ownerId === bo.id)!;
  await addDraftLine(boDraft.id, {
    description: "Rettelse, for meget faktureret i december",
    quantity: "-1",
    unit: "piece",
    unitPriceOere: 5050,
    vat: "standard",
  });
  await issueInvoices([drafts.find((d) => d.ownerId === anna.id)!.id, boDraft.id], {
    now: new Date("2026-02-01T08:00:00Z"),
  });
  return { anna, bo };
}

describe("the accountant's export", () => {
  it("lists each issued document of the period with its totals per VAT rate and where it stands", async () => {
    await month();
    const [first] = await listInvoices({ state: "issued" });
    await recordPayment(first!.id, { paidOn: "2026-02-05", amountOere: 100000 });
    await issueCreditNote(first!.id, {
      lineIds: [first!.lines.find((l) => l.vat === "outlay")!.id],
      now: new Date("2026-02-06T08:00:00Z"),
    });
    const csv = await documentsCsv({ from: "2026-02-01", to: "2026-02-28" }, "2026-02-20");
    expect(rows(csv)).toEqual([
      [...DOCUMENT_COLUMNS],
      [
        "1",
        "Invoice",
        "2026-02-01",
        "2026-02-15",
        "2026-01-01",
        "2026-01-31",
        "1",
        "Anna Holm ApS",
        expect.stringMatching(/^\d{8}$/),
        "",
        "8370.00",
        "2092.50",
        "360.00",
        "10822.50",
        "1000.00",
        "9462.50",
        "overdue",
      ],
      [
        "2",
        "Invoice",
        "2026-02-01",
        "2026-02-15",
        "2026-01-01",
        "2026-01-31",
        "2",
        "Bo Berg",
        "",
        "",
        "5529.50",
        "1382.38",
        "240.00",
        "7151.88",
        "0.00",
        "7151.88",
        "overdue",
      ],
      [
        "3",
        "Credit note",
        "2026-02-06",
        "",
        "2026-01-01",
        "2026-01-31",
        "1",
        "Anna Holm ApS",
        expect.stringMatching(/^\d{8}$/),
        "1",
        "0.00",
        "0.00",
        "360.00",
        "360.00",
        "",
        "",
        "",
      ],
    ]);
    expect(rows(await documentsCsv({ from: "2026-02-02", to: "2026-02-05" }))).toEqual([[...DOCUMENT_COLUMNS]]);
  });

  it("lists every line with its quantity, share, unit price, net amount and VAT, a correction as a negative number", async () => {
    await month();
    const csv = await linesCsv({ from: "2026-02-01", to: "2026-02-01" });
    expect(rows(csv)).toEqual([
      [...LINE_COLUMNS],
      row(
        "1",
        "Anna Holm ApS",
        "1",
        "Træningspenge, i træning",
        "2026-01-01",
        "2026-01-31",
        "31",
        "days",
        "60",
        "450.00",
        "8370.00",
        "25",
        "S",
      ),
      row(
        "1",
        "Anna Holm ApS",
        "2",
        "Startindskud: Klampenborg",
        "2026-01-18",
        "2026-01-18",
        "1",
        "pcs",
        "60",
        "600.00",
        "360.00",
        "0",
        "E (outlay)",
      ),
      row(
        "2",
        "Bo Berg",
        "1",
        "Træningspenge, i træning",
        "2026-01-01",
        "2026-01-31",
        "31",
        "days",
        "40",
        "450.00",
        "5580.00",
        "25",
        "S",
      ),
      row(
        "2",
        "Bo Berg",
        "2",
        "Startindskud: Klampenborg",
        "2026-01-18",
        "2026-01-18",
        "1",
        "pcs",
        "40",
        "600.00",
        "240.00",
        "0",
        "E (outlay)",
      ),
      [
        "2",
        "Invoice",
        "2026-02-01",
        "2",
        "Bo Berg",
        "3",
        "Rettelse, for meget faktureret i december",
        "",
        "",
        "",
        "-1",
        "pcs",
        "100",
        "50.50",
        "-50.50",
        "25",
        "S",
      ],
    ]);
    // A correction is a negative number, not a guarded formula.
    expect(csv).toContain(",-1,pcs,100,50.50,-50.50,");
  });

  it("is logged when the administrator takes it, and refuses a period that is none", async () => {
    await month();
    const admin = await createUser({ email: "admin@stald.dk", admin: true });
    const files = await runAs({ userId: admin.id, email: admin.email, via: "dashboard" }, () =>
      exportForAccountant({ from: "2026-02-01", to: "2026-02-28" }),
    );
    expect(files.documents.split("\r\n").filter(Boolean)).toHaveLength(3);
    const { entries } = await listActivity({ kind: "export" });
    expect(entries.map((e) => e.summary)).toEqual(["Exported invoices and credit notes 2026-02-01 to 2026-02-28 (2)"]);
    await expect(linesCsv({ from: "2026-02-28", to: "2026-02-01" })).rejects.toThrow(InvalidExportPeriodError);
    await expect(documentsCsv({ from: "2026-02-30", to: "2026-03-01" })).rejects.toThrow(InvalidExportPeriodError);
  });

  it("writes whole øre as kroner with two decimals, without floating point", () => {
    expect(amountText(125050)).toBe("1250.50");
    expect(amountText(5)).toBe("0.05");
    expect(amountText(-5)).toBe("-0.05");
    expect(amountText(0)).toBe("0.00");
    expect(amountText(900719925474099)).toBe("9007199254740.99");
  });
});
