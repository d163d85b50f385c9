import type { Route } from "./+types/trash";
import { Card } from "~/components/ui/card";
import { TabPage, useTabForms } from "./+shared/tab-parts";
import { RecordList, RecordRow, RowAction } from "./+shared/record-list";
import { listTrash, RestoreRefusedError, type TrashItem } from "~/models/trash.server";
import { nounOf } from "~/trash/kinds.server";
import { purgeFromTrash, restoreFromTrash } from "~/trash/trash.server";
import { failed, readForTab, succeeded } from "./+shared/admin-actions.server";
import { adminAction, type AdminForm, type FailureTexts } from "./+shared/admin-upload.server";
import { requireAdmin } from "~/auth/auth.server";
import { formatDanishTime } from "~/racing/format";
import { safeRedirect } from "~/auth/safe-redirect";

const TAB = "/admin/trash";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const items = await readForTab("trash", () => listTrash(), [] as TrashItem[]);
  return { items: items.value.map((i) => ({ ...i, noun: nounOf(i.kind) })), fetchError: items.error };
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
  const to = intent === "undo" ? returnPath(values.returnTo) : TAB;
  return succeeded(to, `${restored.noun} Restored`, `${restored.label} has been restored.`);
}

async function purgeItem({ values }: AdminForm) {
  let purged: Awaited<ReturnType<typeof purgeFromTrash>>;
  try {
    purged = await purgeFromTrash(values.id ?? "");
  } catch (error) {
    return failed("purge", values, FAILED.purge, error);
  }
  if (!purged) return failed("purge", values, `${FAILED.purge}: it is no longer in the trash.`, undefined, 404);
  return succeeded(TAB, "Deleted Forever", `${purged.label} has been deleted permanently.`);
}

export default function TrashTab({ loaderData, actionData }: Route.ComponentProps) {
  const { items, fetchError } = loaderData;
  const { result } = useTabForms(actionData);
  return (
    <TabPage toasts={[fetchError, result?.toast]}>
      <Card title="Trash" titleId="trash">
        <p className="mb-4 text-sm text-stone-600">
          Deleted horses, victories and team members stay here for 30 days, then they and their images are removed for
          good.
        </p>
        <RecordList fetchError={fetchError} empty="The trash is empty." records={items}>
          {(item) => <TrashRow key={item.id} item={item} />}
        </RecordList>
      </Card>
    </TabPage>
  );
}

function TrashRow({ item }: { item: TrashItem & { noun: string } }) {
  const name = `${item.noun} ${item.label}`;
  return (
    <RecordRow
      actions={
        <>
          <RowAction intent="restore" id={item.id} label={`Restore ${name}`} variant="small" busyText="Restoring...">
            Restore
          </RowAction>
          <RowAction intent="purge" id={item.id} label={`Delete Forever ${name}`} busyText="Deleting...">
            Delete Forever
          </RowAction>
        </>
      }
    >
      <p className="text-base font-semibold text-stone-900">
        {item.noun}: {item.label}
      </p>
      <p className="text-stone-700">
        Deleted {formatDanishTime(item.deletedAt)}
        {item.deletedByEmail ? ` by ${item.deletedByEmail}` : ""}
      </p>
    </RecordRow>
  );
}

export function meta() {
  return [{ title: "Trash | Admin Dashboard" }, { name: "robots", content: "noindex" }];
}
