import type { OwnerLanguage } from "./owner-account";

/**
 * What the pages and the browser share about the stable's and the owners' billing details: their
 * shapes and what keeps them from going on an invoice (the queries are billing-details.server.ts).
 */

export type PostalAddress = { street: string; postalCode: string; city: string; countryCode: string };

export type StableBillingDetails = {
  legalName: string;
  address: PostalAddress;
  cvr: string;
  bank: { regNo: string; accountNo: string; iban: string | null; bic: string | null };
  invoiceEmail: string;
  /** The Contact tab's phone number, shown on the documents. */
  phone: string | null;
  paymentTermsDays: number;
  /** Days after the due date an unpaid invoice's reminder goes; null: none. */
  reminderDays: number | null;
};

export type BuyerKind = "person" | "company";

export type OwnerBillingDetails = {
  userId: string;
  kind: BuyerKind;
  /** The name on invoices: the billing name, or the account's. */
  name: string;
  address: PostalAddress;
  cvr: string | null;
  /** Where invoices go: the invoice address, or the account's. */
  email: string;
  language: OwnerLanguage;
  /** Given when billing details are first saved; the buyer reference on documents. */
  customerNo: number | null;
  /** A planned cost whose part for this owner (VAT included) is above this waits for their approval. */
  approvalLimitOere: number | null;
};

const CVR = /^\d{8}$/;
const COUNTRY = /^[A-Z]{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;
const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const REG_NO = /^\d{4}$/;
const ACCOUNT_NO = /^\d{1,10}$/;

const blank = (text: string | null | undefined) => !text || text.trim() === "";

function addressProblems(prefix: string, address: PostalAddress) {
  const fields: string[] = [];
  if (blank(address.street)) fields.push(`${prefix}street`);
  if (blank(address.postalCode)) fields.push(`${prefix}postalCode`);
  if (blank(address.city)) fields.push(`${prefix}city`);
  if (!COUNTRY.test(address.countryCode)) fields.push(`${prefix}countryCode`);
  return fields;
}

export type StableBillingInput = Omit<StableBillingDetails, "phone">;

/** What keeps the stable's details from going on an invoice; empty when they are complete. */
export function stableDetailsProblems(values: StableBillingInput): string[] {
  const fields: string[] = [];
  if (blank(values.legalName)) fields.push("legalName");
  fields.push(...addressProblems("", values.address));
  if (!CVR.test(values.cvr)) fields.push("cvr");
  if (!REG_NO.test(values.bank.regNo)) fields.push("regNo");
  if (!ACCOUNT_NO.test(values.bank.accountNo)) fields.push("accountNo");
  if (values.bank.iban && !IBAN.test(values.bank.iban)) fields.push("iban");
  if (values.bank.bic && !BIC.test(values.bank.bic)) fields.push("bic");
  if (!EMAIL.test(values.invoiceEmail)) fields.push("invoiceEmail");
  if (!Number.isInteger(values.paymentTermsDays) || values.paymentTermsDays < 0 || values.paymentTermsDays > 365) {
    fields.push("paymentTermsDays");
  }
  if (
    values.reminderDays !== null &&
    (!Number.isInteger(values.reminderDays) || values.reminderDays < 1 || values.reminderDays > 365)
  ) {
    fields.push("reminderDays");
  }
  return fields;
}

export type OwnerBillingInput = {
  kind: BuyerKind;
  /** Null or blank: the account's name. */
  name: string | null;
  address: PostalAddress;
  cvr: string | null;
  /** Null or blank: the account's e-mail. */
  email: string | null;
  /** The account's language (its invoices and mail); unchanged when not given. */
  language?: OwnerLanguage;
};

/** What keeps an owner's details from going on an invoice; empty when they are complete. */
export function ownerDetailsProblems(values: OwnerBillingInput): string[] {
  const fields = addressProblems("", values.address);
  if (values.cvr && !CVR.test(values.cvr)) fields.push("cvr");
  if (values.cvr && values.kind !== "company") fields.push("cvr");
  if (values.kind === "company" && blank(values.name)) fields.push("name");
  if (values.email && !EMAIL.test(values.email.trim())) fields.push("email");
  return [...new Set(fields)];
}
