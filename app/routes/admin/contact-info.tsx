import type { Route } from "./+types/contact-info";
import { Card } from "~/components/ui/card";
import { FormError, TextAreaField } from "~/components/ui/field";
import { IntentForm, SaveOrCancel, useRecordForm } from "./+shared/form-parts";
import { TabPage, useTabForms } from "./+shared/tab-parts";
import { EMPTY_CONTACT_INFO, getContactInfo, saveContactInfo } from "~/models/contact-info.server";
import { failed, invalid, readForTab, succeeded } from "./+shared/admin-actions.server";
import { contactInfoSchema, fieldErrors } from "./+shared/admin-forms";
import { adminAction, type AdminForm, type FailureTexts } from "./+shared/admin-upload.server";
import { requireAdmin } from "~/auth/auth.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const info = await readForTab("contact information", () => getContactInfo(), EMPTY_CONTACT_INFO);
  return { info: info.value, fetchError: info.error };
}

const FAILED = { other: "Failed to update contact information" } satisfies FailureTexts;

export async function action({ request }: Route.ActionArgs) {
  return adminAction(request, FAILED, save);
}

async function save({ values }: AdminForm) {
  const parsed = contactInfoSchema.safeParse(values);
  if (!parsed.success) return invalid("save", values, fieldErrors(parsed.error), FAILED.other);
  try {
    await saveContactInfo(parsed.data);
  } catch (error) {
    return failed("save", values, FAILED.other, error);
  }
  return succeeded(
    "/admin/contact-info",
    "Contact Information Updated",
    "Contact details have been saved successfully.",
  );
}

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
