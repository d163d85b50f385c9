import { issueInvoices } from "~/billing/issue.server";
import { runMonthlyDrafts } from "~/billing/monthly-drafts.server";
import { mediaStorage } from "~/media/media-storage.server";
import { saveApprovalLimit, saveOwnerBillingDetails, saveStableBillingDetails } from "~/models/billing-details.server";
import { addDays } from "~/models/billing-terms";
import { createCost, type CostInput } from "~/models/cost.server";
import { danishToday } from "~/racing/race-day";
import { listInvoices } from "~/models/invoice.server";
import { saveShareSet, type ShareInput } from "~/models/horse-share.server";
import { saveDayRates, setHorseStatus } from "~/models/horse-status.server";
import type { OwnerLanguage } from "~/models/owner-account";
import { createOwner, testHorse, type TestOwner } from "./owners";

/**
 * Billing's facts for tests, entered through the models as the dashboard would: the stable's
 * invoice details and day rates, owners with billing details, horses in training with their shares.
 */

export const STABLE_DETAILS = {
  legalName: "Stald Nordlys ApS",
  address: { street: "Strandvejen 250", postalCode: "2930", city: "Klampenborg", countryCode: "DK" },
  cvr: "12345678",
  bank: { regNo: "1234", accountNo: "0012345678", iban: "DK5000400440116243", bic: "NDEADKKK" },
  invoiceEmail: "faktura@staldnordlys.dk",
  paymentTermsDays: 14,
  reminderDays: 7,
};

/** The stable's details and rates: 450,00 kr. a day in training, 300,50 in pre-training, 150,00 at grass. */
export async function setUpStable() {
  await saveStableBillingDetails(STABLE_DETAILS);
  await saveDayRates({ training: 45000, "pre-training": 30050, resting: 15000 });
}

let counter = 0;

/** An active owner with complete billing details: a private person, or a company with a CVR. */
export async function billedOwner(
  name: string,
  {
    company = false,
    language = "da",
    horseIds = [],
    active = true,
  }: { company?: boolean; language?: OwnerLanguage; horseIds?: string[]; active?: boolean } = {},
): Promise<TestOwner> {
  const horses = horseIds.length ? horseIds : [(await testHorse(`Link ${++counter} ${name}`)).id];
  const owner = await createOwner({ horseIds: horses, name, language, active });
  await saveOwnerBillingDetails(owner.id, {
    kind: company ? "company" : "person",
    name: company ? `${name} ApS` : null,
    address: { street: "Østergade 12", postalCode: "8000", city: "Aarhus C", countryCode: "DK" },
    cvr: company ? String(10_000_000 + counter * 7919).slice(0, 8) : null,
    email: null,
  });
  return owner;
}

/** A cost already incurred and passed on to the owners, on the horses given (their parts even). */
export function passedOnCost(
  cost: Pick<CostInput, "date" | "category" | "description" | "amountOere" | "vat">,
  horseIds: readonly string[],
) {
  return createCost({ ...cost, passedOn: true, planned: false, horses: horseIds.map((horseId) => ({ horseId })) });
}

/** A horse in training from `since` with the parts given. */
export async function horseInTraining(name: string, parts: ShareInput[], since = "2025-06-01") {
  const horse = await testHorse(name);
  await setHorseStatus(horse.id, since, "training");
  await saveShareSet(horse.id, since, parts);
  return horse;
}

/** A receipt as a private file (one for every database a test seeds: the storage outlives them). */
export const TEST_RECEIPT_KEY = "private/receipts/test-receipt.pdf";

export async function storedReceipt() {
  await mediaStorage().put(TEST_RECEIPT_KEY, Buffer.from("%PDF-1.4\n% a receipt\n"));
  return TEST_RECEIPT_KEY;
}

/**
 * An owner's account as the owners' area shows it: the owner (already invited) given billing
 * details and all of `horseId` from 2026-01-01 in training, January's invoice issued and February's
 * left a draft, a limit of 1.000,00 kr. per cost and a planned vet cost of 5.000,00 kr. + VAT on
 * the horse ten days ago with its receipt (unless `receipt: false`: a browser test's server keeps
 * files of its own), which waits for their approval.
 */
export async function ownerAccountFixtures(
  ownerId: string,
  horseId: string,
  { receipt = true }: { receipt?: boolean } = {},
) {
  await setUpStable();
  await saveOwnerBillingDetails(ownerId, {
    kind: "person",
    name: null,
    address: { street: "Østergade 12", postalCode: "8000", city: "Aarhus C", countryCode: "DK" },
    cvr: null,
    email: null,
  });
  await setHorseStatus(horseId, "2026-01-01", "training");
  await saveShareSet(horseId, "2026-01-01", [{ ownerId, hundredths: 10000 }]);
  await runMonthlyDrafts({ month: "2026-01", now: new Date("2026-02-01T08:00:00Z") });
  const [issued] = await listInvoices({ ownerId, state: "draft", runMonth: "2026-01" });
  await issueInvoices([issued!.id], { now: new Date("2026-02-01T09:00:00Z") });
  await runMonthlyDrafts({ month: "2026-02", now: new Date("2026-03-01T08:00:00Z") });
  const [draft] = await listInvoices({ ownerId, state: "draft", runMonth: "2026-02" });
  await saveApprovalLimit(ownerId, 100000);
  const cost = await createCost({
    // Ten days ago: inside the shares' dates and the owners' area's look back, whenever the test runs.
    date: addDays(danishToday(), -10),
    category: "vet",
    description: "Scan",
    amountOere: 500000,
    vat: "standard",
    receiptKey: receipt ? await storedReceipt() : null,
    passedOn: true,
    planned: true,
    horses: [{ horseId }],
  });
  return { invoice: issued!.id, draft: draft!.id, cost: cost.id };
}
