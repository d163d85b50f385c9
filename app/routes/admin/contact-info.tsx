import type { Route } from "./+types/contact-info";
import { Card } from "~/components/ui/card";
import { FormError, TextAreaField } from "~/components/ui/field";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { IntentForm, SaveOrCancel, useRecordForm } from "./+shared/form-parts";
import { TabPage, useTabForms } from "./+shared/tab-parts";
import { EMPTY_CONTACT_INFO, getContactInfo, saveContactInfo } from "~/models/contact-info.server";
import { adminAction, intent } from "./+shared/admin-action.server";
import { openTab, readForTab } from "./+shared/tab-reads.server";
import { contactInfoSchema } from "./+shared/admin-forms";

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const info = await readForTab(t, "contactInfo", () => getContactInfo(), EMPTY_CONTACT_INFO);
  return { info: info.value, fetchError: info.error };
}

export const action = adminAction({
  tab: "/admin/contact-info",
  otherFailure: "contactInfo.failed",
  withoutIntent: "save",
  intents: {
    save: intent({
      schema: contactInfoSchema,
      failure: "contactInfo.failed",
      invalidToast: (_, t) => t("contactInfo.failed"),
      write: ({ data }) => saveContactInfo(data),
      success: { title: "contactInfo.saved", description: "contactInfo.savedText" },
    }),
  },
});

export default function ContactInfoTab({ loaderData, actionData }: Route.ComponentProps) {
  const { info, fetchError } = loaderData;
  const t = useAdminT();
  const { result } = useTabForms(actionData);
  const { errors, onSubmit, submitting, val, field } = useRecordForm(contactInfoSchema, result, "save", info);
  return (
    <TabPage toasts={[fetchError, result?.toast]}>
      <Card title={t("contactInfo.title")} titleId="contact-info">
        {fetchError ? <FormError message={t("fetch.contactInfo")} /> : null}
        <IntentForm intent="save" titleId="contact-info" onSubmit={onSubmit} className="grid max-w-2xl gap-4">
          <TextAreaField
            label={t("contactInfo.address")}
            name="address"
            rows={4}
            maxLength={1000}
            defaultValue={val("address", info.address)}
            error={errors.address}
          />
          {field("phoneNumber", t("contactInfo.phone"), { type: "tel", autoComplete: "tel", maxLength: 100 })}
          {field("emailAddress", t("contactInfo.email"), {
            type: "text",
            inputMode: "email",
            autoComplete: "email",
            maxLength: 255,
          })}
          <SaveOrCancel submitting={submitting} label={t("contactInfo.save")} />
        </IntentForm>
      </Card>
    </TabPage>
  );
}
