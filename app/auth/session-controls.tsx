import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useAdminT } from "~/i18n/admin/use-admin-t";

/** Sign-out scopes for the account page: every other device, or every device including this one. */
export function SessionControls() {
  const t = useAdminT();
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post" action="/sign-out">
        <input type="hidden" name="scope" value="others" />
        <button type="submit" className={buttonClass.secondary}>
          {t("account.signOutOthers")}
        </button>
      </Form>
      <Form method="post" action="/sign-out">
        <input type="hidden" name="scope" value="global" />
        <button type="submit" className={buttonClass.secondary}>
          {t("account.signOutEverywhere")}
        </button>
      </Form>
    </div>
  );
}
