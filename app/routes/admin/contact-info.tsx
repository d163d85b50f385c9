import type { Route } from "./+types/contact-info";
import { Card } from "~/components/ui/card";
import { FormError, TextAreaField } from "~/components/ui/field";
import { IntentForm, SaveOrCancel, useRecordForm } from "./+shared/form-parts";
import { TabPage, useTabForms } from "./+shared/tab-parts";
import { EMPTY_CONTACT_INFO, getContactInfo, saveContactInfo } from "~/models/contact-info.server";
import { adminAction, intent } from "./+shared/admin-action.server";
import { readForTab } from "./+shared/tab-reads.server";
import { contactInfoSchema } from "./+shared/admin-forms";
import { requireAdmin } from "~/auth/auth.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const info = await readForTab("contact information", () => getContactInfo(), EMPTY_CONTACT_INFO);
  return { info: info.value, fetchError: info.error };
}

const FAILED = "Failed to update contact information";

export const action = adminAction({
  tab: "/admin/contact-info",
  otherFailure: FAILED,
  withoutIntent: "save",
  intents: {
    save: intent({
      schema: contactInfoSchema,
      failure: FAILED,
      invalidToast: () => FAILED,
      write: ({ data }) => saveContactInfo(data),
      success: { title: "Contact Information Updated", description: "Contact details have been saved successfully." },
    }),
  },
});

export default function ContactInfoTab({ loaderData, actionData }: Route.ComponentProps) {
  const { info, fetchError } = loaderData;
  const { result } = useTabForms(actionData);
  const { errors, onSubmit, submitting, val, field } = useRecordForm(contactInfoSchema, result, "save", info);
  return (
    <TabPage toasts={[fetchError, result?.toast]}>
      <Card title="Contact Information" titleId="contact-info">
        {fetchError ? <FormError message="Failed to fetch contact information" /> : null}
        <IntentForm intent="save" titleId="contact-info" onSubmit={onSubmit} className="grid max-w-2xl gap-4">
          <TextAreaField
            label="Stable Address"
            name="address"
            rows={4}
            maxLength={1000}
            defaultValue={val("address", info.address)}
            error={errors.address}
          />
          {field("phoneNumber", "Phone Number", { type: "tel", autoComplete: "tel", maxLength: 100 })}
          {field("emailAddress", "Email Address", {
            type: "text",
            inputMode: "email",
            autoComplete: "email",
            maxLength: 255,
          })}
          <SaveOrCancel submitting={submitting} label="Save Contact Information" />
        </IntentForm>
      </Card>
    </TabPage>
  );
}
