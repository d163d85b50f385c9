import { issueInvoices } from "~/billing/issue.server";
import { runMonthlyDrafts } from "~/billing/monthly-drafts.server";
import { addDays, monthPeriod, previousMonth } from "~/models/billing-terms";
import { saveOwnerBillingDetails, saveStableBillingDetails } from "~/models/billing-details.server";
import { createCost } from "~/models/cost.server";
import { saveShareSet } from "~/models/horse-share.server";
import { saveDayRates, setHorseStatus } from "~/models/horse-status.server";
import { listInvoices } from "~/models/invoice.server";
import { inviteOwner } from "~/models/owner-account.server";
import { formatDkk } from "~/racing/format";

/**
 * The demo's month of billing: the stable's invoice details and day rates, two owners (a private
 * person and a company with a CVR) with their shares (Nordlys 60/40), a month of training fees and
 * costs (a vet bill with VAT, an entry fee as an outlay, a farrier visit spread over two horses),
 * the month's drafts and the invoices issued, each with its mail to the owner queued.
 */

export const DEMO_COMPANY = {
  name: "Lars Vestergaard",
  company: "Vestergaard Bloodstock ApS",
  email: "lars@vestergaard-bloodstock.dk",
  cvr: "29876543",
  language: "da" as const,
};

/** The demo stable's invoicing details and day rates (the billing bench's stable too). */
export async function setUpDemoStable() {
  await saveStableBillingDetails({
    legalName: "Stald Nordlys ApS",
    address: { street: "Dyrehavevej 14", postalCode: "2930", city: "Klampenborg", countryCode: "DK" },
    cvr: "36912345",
    bank: { regNo: "2191", accountNo: "0123456789", iban: "DK2520000123456789", bic: "NDEADKKK" },
    invoiceEmail: "faktura@staldnordlys.dk",
    paymentTermsDays: 14,
    reminderDays: 7,
  });
  await saveDayRates({ training: 45000, "pre-training": 30000, resting: 15000 });
}

export async function fillDemoBilling(
  report: (line: string) => void,
  { today, horseIds, ownerId }: { today: string; horseIds: Map<string, string>; ownerId: string },
) {
  const month = previousMonth(today);
  const period = monthPeriod(month);
  const since = addDays(period.start, -31);
  await setUpDemoStable();

  const company = await inviteOwner({
    name: DEMO_COMPANY.name,
    email: DEMO_COMPANY.email,
    language: DEMO_COMPANY.language,
    horseIds: [horseIds.get("Nordlys")!],
  });
  const companyId = company.userId;
  await saveOwnerBillingDetails(ownerId, {
    kind: "person",
    name: null,
    address: { street: "Strandvejen 112", postalCode: "2900", city: "Hellerup", countryCode: "DK" },
    cvr: null,
    email: null,
  });
  await saveOwnerBillingDetails(companyId, {
    kind: "company",
    name: DEMO_COMPANY.company,
    address: { street: "Søndergade 8", postalCode: "8000", city: "Aarhus C", countryCode: "DK" },
    cvr: DEMO_COMPANY.cvr,
    email: null,
  });

  const nordlys = horseIds.get("Nordlys")!;
  const soelvpil = horseIds.get("Sølvpil")!;
  // Nordlys 60/40 between the owner and the company; Sølvpil half the owner's, half the stable's own.
  await setHorseStatus(nordlys, since, "training");
  await setHorseStatus(soelvpil, since, "training");
  // Sølvpil rested from the 20th.
  await setHorseStatus(soelvpil, addDays(period.start, 19), "resting");
  await saveShareSet(nordlys, since, [
    { ownerId, hundredths: 6000 },
    { ownerId: companyId, hundredths: 4000 },
  ]);
  await saveShareSet(soelvpil, since, [
    { ownerId, hundredths: 5000 },
    { ownerId: null, hundredths: 5000 },
  ]);

  const day = (n: number) => addDays(period.start, n - 1);
  await createCost({
    date: day(6),
    category: "vet",
    description: "Dyrlæge: halthedsundersøgelse og røntgen",
    amountOere: 125000,
    vat: "standard",
    passedOn: true,
    planned: false,
    horses: [{ horseId: nordlys }],
  });
  await createCost({
    date: day(12),
    category: "entry-fee",
    description: "Startpenge, Klampenborg",
    amountOere: 80000,
    vat: "outlay",
    passedOn: true,
    planned: false,
    horses: [{ horseId: nordlys }],
  });
  await createCost({
    date: day(15),
    category: "farrier",
    description: "Smed: nye sko, to heste",
    amountOere: 170050,
    vat: "standard",
    passedOn: true,
    planned: false,
    horses: [{ horseId: nordlys }, { horseId: soelvpil }],
  });

  const run = await runMonthlyDrafts({ month });
  const drafts = await listInvoices({ state: "draft", runMonth: month });
  const issued = await issueInvoices(drafts.map((d) => d.id));
  const numbers = issued.flatMap((r) => (r.outcome === "issued" ? [r.number] : []));
  report(
    `billing: ${month} drafted (${run.drafts.created} owners, ${formatDkk(run.totals.totalOere)} net) and ` +
      `invoices ${numbers.join(", ")} issued to a private owner and a company (CVR ${DEMO_COMPANY.cvr})`,
  );
}
