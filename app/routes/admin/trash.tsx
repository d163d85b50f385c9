import { Form } from "react-router";
import type { Route } from "./+types/trash";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { ShowToast } from "~/components/ui/toast";
import { listTrash, RestoreRefusedError, type TrashItem } from "~/models/trash.server";
import { nounOf } from "~/trash/kinds.server";
import { purgeFromTrash, restoreFromTrash } from "~/trash/trash.server";
import { failed, fetchFailed, type AdminActionData } from "~/routes/admin/+shared/admin-actions.server";
import { adminAction, type AdminForm, type FailureTexts } from "~/routes/admin/+shared/admin-upload.server";
import { requireAdmin } from "~/auth/auth.server";
import { formatDanishTime } from "~/utils/format";
import { safeRedirect } from "~/auth/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import type { Toast } from "~/utils/toast";

const TAB = "/admin/trash";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    const items = await listTrash();
    return { items: items.map((i) => ({ ...i, noun: nounOf(i.kind) })), fetchError: null as Toast | null };
  } catch (error) {
    return { items: [] as (TrashItem & { noun: string })[], fetchError: fetchFailed("Failed to fetch trash", error) };
  }
}

const FAILED = {
  undo: "Failed to restore item",
  restore: "Failed to restore item",
  purge: "Failed to delete item",
  other: "Failed to restore item",
} satisfies FailureTexts;

export async function action({ request }: Route.ActionArgs) {
  return adminAction(request, FAILED, {
    undo: (form) => restoreItem(form, "undo"),
    restore: (form) => restoreItem(form, "restore"),
    purge: purgeItem,
  });
}

/** Undo returns to the tab the delete was made on; only admin pages qualify. */
function returnPath(value: string | undefined) {
  const to = safeRedirect(value, TAB);
  return to === "/admin" || to.startsWith("/admin/") || to.startsWith("/admin?") ? to : TAB;
}

async function restoreItem({ values }: AdminForm, intent: "undo" | "restore") {
  let restored: Awaited<ReturnType<typeof restoreFromTrash>>;
  try {
    restored = await restoreFromTrash(values.id ?? "");
  } catch (error) {
    if (error instanceof RestoreRefusedError) {
      return failed(intent, values, `${FAILED[intent]}: ${error.message}.`, undefined, 409);
    }
    return failed(intent, values, FAILED[intent], error);
  }
  if (!restored) return failed(intent, values, `${FAILED[intent]}: it is no longer in the trash.`, undefined, 404);
  return redirectWithToast(intent === "undo" ? returnPath(values.returnTo) : TAB, {
    type: "success",
    title: `${restored.noun} Restored`,
    description: `${restored.label} has been restored.`,
  });
}

async function purgeItem({ values }: AdminForm) {
  let purged: Awaited<ReturnType<typeof purgeFromTrash>>;
  try {
    purged = await purgeFromTrash(values.id ?? "");
  } catch (error) {
    return failed("purge", values, FAILED.purge, error);
  }
  if (!purged) return failed("purge", values, `${FAILED.purge}: it is no longer in the trash.`, undefined, 404);
  return redirectWithToast(TAB, {
    type: "success",
    title: "Deleted Forever",
    description: `${purged.label} has been deleted permanently.`,
  });
}

export default function TrashTab({ loaderData, actionData }: Route.ComponentProps) {
  const { items, fetchError } = loaderData;
  const result = actionData as AdminActionData | undefined;
  return (
    <div className="space-y-8">
      <ShowToast toast={fetchError} />
      <ShowToast toast={result?.toast} />
      <Card title="Trash" titleId="trash">
        <p className="mb-4 text-sm text-stone-600">
          Deleted horses, victories and team members stay here for 30 days, then they and their images are removed for
          good.
        </p>
        {fetchError ? (
          <FormError message="Failed to fetch trash" />
        ) : items.length === 0 ? (
          <p className="text-stone-600">The trash is empty.</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {items.map((item) => (
              <TrashRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function TrashRow({ item }: { item: TrashItem & { noun: string } }) {
  const restoring = useSubmitting("restore", item.id);
  const purging = useSubmitting("purge", item.id);
  const name = `${item.noun} ${item.label}`;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-base font-semibold text-stone-900">
          {item.noun}: {item.label}
        </p>
        <p className="text-stone-700">
          Deleted {formatDanishTime(item.deletedAt)}
          {item.deletedByEmail ? ` by ${item.deletedByEmail}` : ""}
        </p>
      </div>
      <div className="flex gap-2">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" className={buttonClass.small} disabled={restoring} aria-label={`Restore ${name}`}>
            {restoring ? "Restoring..." : "Restore"}
          </button>
        </Form>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="purge" />
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" className={buttonClass.danger} disabled={purging} aria-label={`Delete Forever ${name}`}>
            {purging ? "Deleting..." : "Delete Forever"}
          </button>
        </Form>
      </div>
    </li>
  );
}

export function meta() {
  return [{ title: "Trash | Admin Dashboard" }, { name: "robots", content: "noindex" }];
}
