import type { Kysely } from "kysely";
import type { Database } from "@db/schema";
import { db, lockFor } from "~/platform/db.server";
import { formatDkk } from "~/racing/format";
import { changedFields, recordActivity } from "./activity.server";
import {
  ownerDetailsProblems,
  stableDetailsProblems,
  type BuyerKind,
  type OwnerBillingDetails,
  type OwnerBillingInput,
  type PostalAddress,
  type StableBillingDetails,
  type StableBillingInput,
} from "./billing-details";
import { accountLabel, LANGUAGE_NAMES } from "./owner-account";

export {
  ownerDetailsProblems,
  stableDetailsProblems,
  type BuyerKind,
  type OwnerBillingDetails,
  type OwnerBillingInput,
  type PostalAddress,
  type StableBillingDetails,
  type StableBillingInput,
};

/**
 * Who sells and who buys on an invoice: the stable's own details (kept with the site settings, read
 * apart from them: the pages never need them) and each owner's billing details (beside their
 * account; the language is the account's own).
 */

type Q = Kysely<Database>;

/** Fields the administrator must put right, by name. */
export class InvalidBillingDetailsError extends Error {
  constructor(readonly fields: string[]) {
    super(`Billing details are not valid: ${fields.join(", ")}`);
    this.name = "InvalidBillingDetailsError";
  }
}

const STABLE_COLUMNS = [
  "seller_legal_name",
  "seller_street",
  "seller_postal_code",
  "seller_city",
  "seller_country_code",
  "seller_cvr",
  "seller_bank_reg_no",
  "seller_bank_account_no",
  "seller_iban",
  "seller_bic",
  "invoice_email",
  "payment_terms_days",
  "reminder_days",
] as const;

function readStable(q: Q) {
  return q.selectFrom("site_settings").select(STABLE_COLUMNS).where("id", "=", 1).executeTakeFirst();
}

/** The stable's details as the Site tab has them ("" where not given yet). */
export async function getStableBillingDetails(q: Q = db()): Promise<StableBillingDetails> {
  const [row, contact] = await Promise.all([
    readStable(q),
    q.selectFrom("contact_info").select("phone_number").where("id", "=", 1).executeTakeFirst(),
  ]);
  return {
    legalName: row?.seller_legal_name ?? "",
    address: {
      street: row?.seller_street ?? "",
      postalCode: row?.seller_postal_code ?? "",
      city: row?.seller_city ?? "",
      countryCode: row?.seller_country_code ?? "DK",
    },
    cvr: row?.seller_cvr ?? "",
    bank: {
      regNo: row?.seller_bank_reg_no ?? "",
      accountNo: row?.seller_bank_account_no ?? "",
      iban: row?.seller_iban ?? null,
      bic: row?.seller_bic ?? null,
    },
    invoiceEmail: row?.invoice_email ?? "",
    phone: contact?.phone_number.trim() || null,
    paymentTermsDays: Number(row?.payment_terms_days ?? 14),
    reminderDays: row?.reminder_days == null ? null : Number(row.reminder_days),
  };
}

const STABLE_LABELS = {
  seller_legal_name: "Legal Name",
  seller_street: "Street",
  seller_postal_code: "Postal Code",
  seller_city: "City",
  seller_country_code: "Country",
  seller_cvr: "CVR",
  seller_bank_reg_no: "Reg. No.",
  seller_bank_account_no: "Account No.",
  seller_iban: "IBAN",
  seller_bic: "BIC",
  invoice_email: "Invoice E-mail",
  payment_terms_days: "Payment Terms (days)",
  reminder_days: "Reminder (days after due)",
} as const;

/** Saves the stable's details (complete, or InvalidBillingDetailsError), logged. */
export async function saveStableBillingDetails(values: StableBillingInput) {
  const fields = stableDetailsProblems(values);
  if (fields.length) throw new InvalidBillingDetailsError(fields);
  const row = {
    seller_legal_name: values.legalName.trim(),
    seller_street: values.address.street.trim(),
    seller_postal_code: values.address.postalCode.trim(),
    seller_city: values.address.city.trim(),
    seller_country_code: values.address.countryCode,
    seller_cvr: values.cvr,
    seller_bank_reg_no: values.bank.regNo,
    seller_bank_account_no: values.bank.accountNo,
    seller_iban: values.bank.iban || null,
    seller_bic: values.bank.bic || null,
    invoice_email: values.invoiceEmail.trim(),
    payment_terms_days: values.paymentTermsDays,
    reminder_days: values.reminderDays,
  };
  await db()
    .transaction()
    .execute(async (trx) => {
      const before = await readStable(trx);
      await trx.updateTable("site_settings").set(row).where("id", "=", 1).execute();
      const changes = before ? changedFields({ ...before }, { ...before, ...row }, STABLE_LABELS) : [];
      await recordActivity({ kind: "update", entity: "site", summary: "Invoice details updated", changes }, { trx });
    });
}

const OWNER_COLUMNS = [
  "o.user_id",
  "o.name",
  "o.language",
  "u.email",
  "o.billing_kind",
  "o.billing_name",
  "o.billing_street",
  "o.billing_postal_code",
  "o.billing_city",
  "o.billing_country_code",
  "o.billing_cvr",
  "o.invoice_email",
  "o.customer_no",
  "o.approval_limit_oere",
] as const;

function selectOwners(q: Q) {
  return q
    .selectFrom("owner_accounts as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select(OWNER_COLUMNS)
    .where("o.role", "=", "owner");
}

type OwnerRow = Awaited<ReturnType<ReturnType<typeof selectOwners>["execute"]>>[number];

function toOwnerDetails(r: OwnerRow): OwnerBillingDetails {
  return {
    userId: r.user_id,
    kind: r.billing_kind,
    name: r.billing_name?.trim() || r.name,
    address: {
      street: r.billing_street,
      postalCode: r.billing_postal_code,
      city: r.billing_city,
      countryCode: r.billing_country_code,
    },
    cvr: r.billing_kind === "company" ? r.billing_cvr : null,
    email: r.invoice_email?.trim() || r.email,
    language: r.language,
    customerNo: r.customer_no == null ? null : Number(r.customer_no),
    approvalLimitOere: r.approval_limit_oere == null ? null : Number(r.approval_limit_oere),
  };
}

export async function getOwnerBillingDetails(userId: string, q: Q = db()): Promise<OwnerBillingDetails | null> {
  const row = await selectOwners(q).where("o.user_id", "=", userId).executeTakeFirst();
  return row ? toOwnerDetails(row) : null;
}

/** Several owners' details at once, by user id (owners only). */
export async function ownersBillingDetails(userIds: readonly string[], q: Q = db()) {
  if (userIds.length === 0) return new Map<string, OwnerBillingDetails>();
  const rows = await selectOwners(q)
    .where("o.user_id", "in", [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.user_id, toOwnerDetails(r)]));
}

/**
 * Saves an owner's billing details (the administrator's Owners tab), logged; the first save gives
 * the owner the next customer number. False when there is no such owner.
 */
export async function saveOwnerBillingDetails(userId: string, values: OwnerBillingInput): Promise<boolean> {
  const fields = ownerDetailsProblems(values);
  if (fields.length) throw new InvalidBillingDetailsError(fields);
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockFor(trx, "customer-numbers");
      const before = await selectOwners(trx).where("o.user_id", "=", userId).executeTakeFirst();
      if (!before) return false;
      let customerNo = before.customer_no;
      if (customerNo == null) {
        const top = await trx
          .selectFrom("owner_accounts")
          .select((eb) => eb.fn.max("customer_no").as("top"))
          .executeTakeFirst();
        customerNo = Number(top?.top ?? 0) + 1;
      }
      const row = {
        billing_kind: values.kind,
        billing_name: values.name?.trim() || null,
        billing_street: values.address.street.trim(),
        billing_postal_code: values.address.postalCode.trim(),
        billing_city: values.address.city.trim(),
        billing_country_code: values.address.countryCode,
        billing_cvr: values.kind === "company" && values.cvr ? values.cvr : null,
        invoice_email: values.email?.trim().toLowerCase() || null,
        customer_no: customerNo,
        language: values.language ?? before.language,
      };
      await trx.updateTable("owner_accounts").set(row).where("user_id", "=", userId).execute();
      const changes = changedFields(
        { ...before, language: LANGUAGE_NAMES[before.language] },
        { ...before, ...row, language: LANGUAGE_NAMES[row.language] },
        {
          language: "Language",
          billing_kind: "Buyer",
          billing_name: "Name on Invoices",
          billing_street: "Street",
          billing_postal_code: "Postal Code",
          billing_city: "City",
          billing_country_code: "Country",
          billing_cvr: "CVR",
          invoice_email: "Invoice E-mail",
        },
      );
      await recordActivity(
        {
          kind: "update",
          entity: "owner",
          entityId: userId,
          summary: `Billing details updated: ${accountLabel(before)}`,
          changes,
        },
        { trx },
      );
      return true;
    });
}

/** An owner's own limit for planned costs (their Settings), logged in their name; null: none. False: no such active owner. */
export async function saveApprovalLimit(userId: string, limitOere: number | null): Promise<boolean> {
  if (limitOere !== null && (!Number.isSafeInteger(limitOere) || limitOere < 0)) {
    throw new InvalidBillingDetailsError(["approvalLimit"]);
  }
  return db()
    .transaction()
    .execute(async (trx) => {
      const before = await selectOwners(trx)
        .where("o.user_id", "=", userId)
        .where("o.state", "=", "active")
        .executeTakeFirst();
      if (!before) return false;
      await trx
        .updateTable("owner_accounts")
        .set({ approval_limit_oere: limitOere })
        .where("user_id", "=", userId)
        .execute();
      const old = before.approval_limit_oere == null ? null : Number(before.approval_limit_oere);
      if (old !== limitOere) {
        const shown = (v: number | null) => (v === null ? null : formatDkk(v));
        await recordActivity(
          {
            kind: "update",
            entity: "owner",
            entityId: userId,
            summary: `Approval limit saved: ${accountLabel(before)}`,
            changes: [{ field: "Approval Limit", old: shown(old), new: shown(limitOere) }],
          },
          { trx },
        );
      }
      return true;
    });
}
