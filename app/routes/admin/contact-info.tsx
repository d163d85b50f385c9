import { Form } from "react-router";
import type { Route } from "./+types/contact-info";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError, TextAreaField } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { useSchemaCheck } from "~/routes/admin/+shared/form-parts";
import { ShowToast } from "~/components/ui/toast";
import { EMPTY_CONTACT_INFO, getContactInfo, saveContactInfo } from "~/models/contact-info.server";
import { failed, fetchFailed, invalid, type AdminActionData } from "~/routes/admin/+shared/admin-actions.server";
import { contactInfoSchema, fieldErrors } from "~/routes/admin/+shared/admin-forms";
import { adminAction, type AdminForm, type FailureTexts } from "~/routes/admin/+shared/admin-upload.server";
import { requireAdmin } from "~/auth/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Toast } from "~/utils/toast";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { info: await getContactInfo(), fetchError: null as Toast | null };
  } catch (error) {
    return { info: EMPTY_CONTACT_INFO, fetchError: fetchFailed("Failed to fetch contact information", error) };
  }
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
  return redirectWithToast("/admin/contact-info", {
    type: "success",
    title: "Contact Information Updated",
    description: "Contact details have been saved successfully.",
  });
}

export default function ContactInfoTab({ loaderData, actionData }: Route.ComponentProps) {
  const { info, fetchError } = loaderData;
  const result = actionData as AdminActionData | undefined;
  const { errors, onSubmit } = useSchemaCheck(contactInfoSchema, result?.errors);
  const submitting = useSubmitting("save");
  const v = result?.values;
  return (
    <div className="space-y-8">
      <ShowToast toast={fetchError} />
      <ShowToast toast={result?.toast} />
      <Card title="Contact Information" titleId="contact-info">
        {fetchError ? <FormError message="Failed to fetch contact information" /> : null}
        <Form method="post" aria-labelledby="contact-info" onSubmit={onSubmit} className="grid max-w-2xl gap-4">
          <input type="hidden" name="intent" value="save" />
          <TextAreaField
            label="Stable Address"
            name="address"
            rows={4}
            maxLength={1000}
            defaultValue={v?.address ?? info.address}
            error={errors.address}
          />
          <Field
            label="Phone Number"
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            maxLength={100}
            defaultValue={v?.phoneNumber ?? info.phoneNumber}
            error={errors.phoneNumber}
          />
          <Field
            label="Email Address"
            name="emailAddress"
            type="text"
            inputMode="email"
            autoComplete="email"
            maxLength={255}
            defaultValue={v?.emailAddress ?? info.emailAddress}
            error={errors.emailAddress}
          />
          <div>
            <SubmitButton busy={submitting} busyLabel="Saving...">
              Save Contact Information
            </SubmitButton>
          </div>
        </Form>
      </Card>
    </div>
  );
}
