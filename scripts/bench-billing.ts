/**
 * The monthly billing run of `npm run bench` (on its own: `npm run bench:billing`): a database of
 * 300 owners and 150 horses in training, each horse shared 60/40 by two owners, with a cost on every
 * horse and a farrier visit spread over three, built through the models in a child process; then
 * the time the month's run takes (runMonthlyDrafts) and issuing every draft (issueInvoices: a
 * number, the documents' checks and a mail each). Figures are printed, never asserted.
 * `--run <out.json>` (what the bench runs in a child process): builds, times and writes the figures.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root, runBench, tsx } from "./bench-server";

const OWNERS = 300;
const HORSES = 150;
const MONTH = "2026-01";

export type BillingFigures = {
  owners: number;
  horses: number;
  drafts: number;
  lines: number;
  issued: number;
  fillSeconds: number;
  runSeconds: number;
  /** The same month again: nothing changed, every draft unchanged. */
  rerunSeconds: number;
  issueSeconds: number;
};

async function fillAndTime(out: string) {
  const { closeDatabase, migrate } = await import("~/platform/db.server");
  const { inviteOwner } = await import("~/models/owner-account.server");
  const { createHorse } = await import("~/models/horse.server");
  const { saveOwnerBillingDetails } = await import("~/models/billing-details.server");
  const { setHorseStatus } = await import("~/models/horse-status.server");
  const { setUpDemoStable } = await import("./demo-billing");
  const { saveShareSet } = await import("~/models/horse-share.server");
  const { createCost } = await import("~/models/cost.server");
  const { listInvoices } = await import("~/models/invoice.server");
  const { runMonthlyDrafts } = await import("~/billing/monthly-drafts.server");
  const { issueInvoices } = await import("~/billing/issue.server");
  try {
    await migrate();
    const filling = performance.now();
    await setUpDemoStable();
    const horses: string[] = [];
    for (let i = 0; i < HORSES; i++) {
      const horse = await createHorse({ name: `Bench ${i + 1}`, age: 4, color: "Bay", sire: "Sire", dam: "Dam" });
      horses.push(horse.id);
    }
    const owners: string[] = [];
    for (let i = 0; i < OWNERS; i++) {
      const company = i % 3 === 0;
      const { userId } = await inviteOwner({
        name: `Owner ${i + 1}`,
        email: `owner${i + 1}@example.com`,
        language: i % 2 ? "en" : "da",
        horseIds: [horses[Math.floor(i / 2)]!],
      });
      await saveOwnerBillingDetails(userId, {
        kind: company ? "company" : "person",
        name: company ? `Owner ${i + 1} ApS` : null,
        address: { street: `Vej ${i + 1}`, postalCode: "8000", city: "Aarhus C", countryCode: "DK" },
        cvr: company ? String(20_000_000 + i) : null,
        email: null,
      });
      owners.push(userId);
    }
    for (const [h, horseId] of horses.entries()) {
      await setHorseStatus(horseId, "2025-12-01", "training");
      // A sale on the 16th for every fifth horse: the fees follow the calendar day by day.
      await saveShareSet(horseId, "2025-12-01", [
        { ownerId: owners[2 * h]!, hundredths: 6000 },
        { ownerId: owners[2 * h + 1]!, hundredths: 4000 },
      ]);
      if (h % 5 === 0) {
        await saveShareSet(horseId, "2026-01-16", [
          { ownerId: owners[2 * h]!, hundredths: 4000 },
          { ownerId: owners[2 * h + 1]!, hundredths: 6000 },
        ]);
      }
      await createCost({
        date: "2026-01-10",
        category: "vet",
        description: "Dyrlæge",
        amountOere: 125000,
        vat: "standard",
        passedOn: true,
        planned: false,
        horses: [{ horseId }],
      });
      if (h % 3 === 0 && h + 2 < HORSES) {
        await createCost({
          date: "2026-01-20",
          category: "farrier",
          description: "Smed, tre heste",
          amountOere: 240050,
          vat: "standard",
          passedOn: true,
          planned: false,
          horses: [{ horseId }, { horseId: horses[h + 1]! }, { horseId: horses[h + 2]! }],
        });
      }
    }
    const fillSeconds = (performance.now() - filling) / 1000;

    const running = performance.now();
    const run = await runMonthlyDrafts({ month: MONTH });
    const runSeconds = (performance.now() - running) / 1000;
    const rerunning = performance.now();
    await runMonthlyDrafts({ month: MONTH });
    const rerunSeconds = (performance.now() - rerunning) / 1000;
    const drafts = await listInvoices({ state: "draft", runMonth: MONTH });
    const issuing = performance.now();
    const results = await issueInvoices(drafts.map((d) => d.id));
    const issueSeconds = (performance.now() - issuing) / 1000;
    const figures: BillingFigures = {
      owners: OWNERS,
      horses: HORSES,
      drafts: run.drafts.created,
      lines: drafts.reduce((sum, d) => sum + d.lines.length, 0),
      issued: results.filter((r) => r.outcome === "issued").length,
      fillSeconds,
      runSeconds,
      rerunSeconds,
      issueSeconds,
    };
    fs.writeFileSync(out, JSON.stringify(figures));
  } finally {
    await closeDatabase();
  }
}

/** Builds the stable in a child process of its own (its own database) and reads what it measured. */
export async function measureBilling(): Promise<BillingFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-bench-billing-"));
  try {
    console.log(`\n== Billing: the monthly run and issuing for ${OWNERS} owners and ${HORSES} horses`);
    const out = path.join(dataDir, "figures.json");
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" };
    if (tsx(path.join(root, "scripts", "bench-billing.ts"), env, ["--run", out]) !== 0) {
      throw new Error("The billing bench failed");
    }
    return JSON.parse(fs.readFileSync(out, "utf8")) as BillingFigures;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printBilling(f: BillingFigures) {
  console.log(`Built through the models in ${f.fillSeconds.toFixed(1)} s (${os.cpus().length} CPUs).`);
  console.log(`Monthly run (${f.drafts} drafts, ${f.lines} lines):   ${f.runSeconds.toFixed(2)} s`);
  console.log(`The same month again (nothing changed):  ${f.rerunSeconds.toFixed(2)} s`);
  console.log(`Issue Invoices (${f.issued} numbered, mails queued): ${f.issueSeconds.toFixed(2)} s`);
  console.log(`Run + issue:                             ${(f.runSeconds + f.issueSeconds).toFixed(2)} s`);
}

export function summariseBilling(f: BillingFigures) {
  return [
    {
      target: `Billing: monthly run + issue for ${f.owners} owners, ${f.horses} horses`,
      value: `${(f.runSeconds + f.issueSeconds).toFixed(2)} s (run ${f.runSeconds.toFixed(2)} s, issue ${f.issueSeconds.toFixed(2)} s)`,
      met: null,
    },
  ];
}

// `npm run bench:billing`: this scenario alone; `--run <out>`: the child process that builds and times it.
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args.includes("--run")) {
    await fillAndTime(args[args.indexOf("--run") + 1]!);
  } else {
    runBench(
      async () => printBilling(await measureBilling()),
      () => {},
    );
  }
}
