import { SelectField } from "~/components/ui/field";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import type { OwnerBillingDetails } from "~/models/billing-details";
import type { AdminActionData } from "./admin-action.server";
import { ownerBillingSchema } from "./billing-forms";
import { RecordFormShell, useRecordForm } from "./form-parts";

/**
 * An owner's billing details as the form's text fields: the name and e-mail left empty where the
 * account's own are used (the model falls back to them).
 */
export function ownerBillingValues(
  account: { name: string; email: string; language: "en" | "da" },
  details: Omit<OwnerBillingDetails, "userId"> | undefined,
) {
  return {
    kind: details?.kind ?? "person",
    name: details && details.name !== account.name ? details.name : "",
    street: details?.address.street ?? "",
    postalCode: details?.address.postalCode ?? "",
    city: details?.address.city ?? "",
    countryCode: details?.address.countryCode || "DK",
    cvr: details?.cvr ?? "",
    email: details && details.email !== account.email ? details.email : "",
    language: details?.language ?? account.language,
  };
}

export type OwnerBillingValues = ReturnType<typeof ownerBillingValues>;

/** The Owners tab's Billing Details form (intent `billing`): person or company, name, address, CVR, e-mail, language. */
export function OwnerBillingForm({
  id,
  values,
  result,
  titleId,
  cancelTo,
}: {
  id: string;
  values: OwnerBillingValues;
  result: AdminActionData | undefined;
  titleId: string;
  cancelTo: string;
}) {
  const t = useAdminT();
  const form = useRecordForm(ownerBillingSchema, result, "billing", { id, ...values });
  const { field, val, errors } = form;
  return (
    <>
      <p className="mb-4 text-sm text-stone-700">{t("ownerBilling.intro")}</p>
      <RecordFormShell form={form} titleId={titleId} cancelTo={cancelTo} label={t("ownerBilling.save")}>
        <SelectField
          label={t("ownerBilling.kind")}
          name="kind"
          defaultValue={val("kind", values.kind)}
          error={errors.kind}
        >
          <option value="person">{t("ownerBilling.person")}</option>
          <option value="company">{t("ownerBilling.company")}</option>
        </SelectField>
        {field("name", t("ownerBilling.name"), {
          maxLength: 200,
          hint: t("ownerBilling.nameHint"),
          autoComplete: "off",
        })}
        <div className="sm:col-span-2">
          {field("street", t("invoicing.street"), { required: true, maxLength: 200, autoComplete: "off" })}
        </div>
        {field("postalCode", t("invoicing.postalCode"), { required: true, maxLength: 20, autoComplete: "off" })}
        {field("city", t("invoicing.city"), { required: true, maxLength: 100, autoComplete: "off" })}
        {field("countryCode", t("invoicing.countryCode"), {
          required: true,
          maxLength: 2,
          hint: t("invoicing.countryHint"),
        })}
        {field("cvr", t("ownerBilling.cvr"), { maxLength: 20, inputMode: "numeric", hint: t("ownerBilling.cvrHint") })}
        {field("email", t("ownerBilling.email"), {
          type: "email",
          maxLength: 255,
          hint: t("ownerBilling.emailHint"),
          autoComplete: "off",
        })}
        <SelectField
          label={t("ownerBilling.language")}
          name="language"
          hint={t("ownerBilling.languageHint")}
          defaultValue={val("language", values.language)}
          error={errors.language}
        >
          <option value="en">{t("owners.english")}</option>
          <option value="da">{t("owners.danish")}</option>
        </SelectField>
      </RecordFormShell>
    </>
  );
}
