import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useAdminT } from "~/i18n/admin/use-admin-t";

/**
 * A visitor's message's Open button: it posts to the Messages tab, which marks the message read
 * and shows it whole (on `page` of the list).
 */
export function OpenMessage({ id, name, page = 1 }: { id: string; name: string; page?: number }) {
  const t = useAdminT();
  return (
    <Form method="post" action="/admin/messages">
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="id" value={id} />
      {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
      <button type="submit" className={buttonClass.small} aria-label={t("messages.openLabel", { name })}>
        {t("messages.open")}
      </button>
    </Form>
  );
}
