import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import type { StableBillingDetails } from "~/models/billing-details";
import type { AdminActionData } from "./admin-action.server";
import { stableDetailsSchema } from "./billing-forms";
import { IntentForm, RequiredNote, SaveOrCancel, useRecordForm } from "./form-parts";
import { itemAnchor } from "./item-links";

/** The stable's invoicing details as the form's text fields. */
export function invoicingValues(d: Omit<StableBillingDetails, "phone">) {
  return {
    legalName: d.legalName,
    street: d.address.street,
    postalCode: d.address.postalCode,
    city: d.address.city,
    countryCode: d.address.countryCode,
    cvr: d.cvr,
    regNo: d.bank.regNo,
    accountNo: d.bank.accountNo,
    iban: d.bank.iban ?? "",
    bic: d.bank.bic ?? "",
    paymentTermsDays: String(d.paymentTermsDays),
    reminderDays: d.reminderDays === null ? "" : String(d.reminderDays),
    invoiceEmail: d.invoiceEmail,
  };
}

export type InvoicingValues = ReturnType<typeof invoicingValues>;

export const EMPTY_INVOICING: InvoicingValues = invoicingValues({
  legalName: "",
  address: { street: "", postalCode: "", city: "", countryCode: "DK" },
  cvr: "",
  bank: { regNo: "", accountNo: "", iban: null, bic: null },
  invoiceEmail: "",
  paymentTermsDays: 14,
  reminderDays: null,
});

/** The Site tab's Invoicing Details: the stable as the seller on every invoice (intent `invoicing`). */
export function InvoicingDetails({
  values,
  result,
  fetchError,
}: {
  values: InvoicingValues;
  result: AdminActionData | undefined;
  fetchError: boolean;
}) {
  const t = useAdminT();
  const form = useRecordForm(stableDetailsSchema, result, "invoicing", values);
  const { field } = form;
  return (
    <div id={itemAnchor("invoicing")} className="scroll-mt-24">
      <Card title={t("invoicing.title")} titleId="invoicing-details">
        {fetchError ? <FormError message={t("fetch.invoicing")} /> : null}
        <p className="mb-4 text-stone-700">{t("invoicing.intro")}</p>
        <IntentForm intent="invoicing" titleId="invoicing-details" onSubmit={form.onSubmit}>
          <RequiredNote />
          <div className="sm:col-span-2">
            {field("legalName", t("invoicing.legalName"), {
              required: true,
              maxLength: 200,
              autoComplete: "organization",
            })}
          </div>
          <div className="sm:col-span-2">
            {field("street", t("invoicing.street"), { required: true, maxLength: 200, autoComplete: "street-address" })}
          </div>
          {field("postalCode", t("invoicing.postalCode"), {
            required: true,
            maxLength: 20,
            autoComplete: "postal-code",
          })}
          {field("city", t("invoicing.city"), { required: true, maxLength: 100, autoComplete: "address-level2" })}
          {field("countryCode", t("invoicing.countryCode"), {
            required: true,
            maxLength: 2,
            hint: t("invoicing.countryHint"),
          })}
          {field("cvr", t("invoicing.cvr"), { required: true, maxLength: 20, inputMode: "numeric" })}
          {field("regNo", t("invoicing.regNo"), { required: true, maxLength: 10, inputMode: "numeric" })}
          {field("accountNo", t("invoicing.accountNo"), { required: true, maxLength: 20, inputMode: "numeric" })}
          {field("iban", t("invoicing.iban"), { maxLength: 40, hint: t("invoicing.bankHint") })}
          {field("bic", t("invoicing.bic"), { maxLength: 20 })}
          {field("paymentTermsDays", t("invoicing.paymentTermsDays"), {
            required: true,
            maxLength: 3,
            inputMode: "numeric",
          })}
          {field("reminderDays", t("invoicing.reminderDays"), {
            maxLength: 3,
            inputMode: "numeric",
            hint: t("invoicing.reminderHint"),
          })}
          <div className="sm:col-span-2">
            {field("invoiceEmail", t("invoicing.invoiceEmail"), {
              required: true,
              type: "email",
              maxLength: 255,
              hint: t("invoicing.invoiceEmailHint"),
            })}
          </div>
          <SaveOrCancel submitting={form.submitting} label={t("invoicing.save")} className="flex gap-2 sm:col-span-2" />
        </IntentForm>
      </Card>
    </div>
  );
}
