import type { Route } from "./+types/trash";
import { Card } from "~/components/ui/card";
import { TabPage, useTabForms } from "./+shared/tab-parts";
import { RecordList, RecordRow, RowAction } from "./+shared/record-list";
import { listTrash, RestoreRefusedError, type TrashItem } from "~/models/trash.server";
import { nounOf } from "~/trash/kinds.server";
import { purgeFromTrash, restoreFromTrash } from "~/trash/trash.server";
import { adminAction, intent } from "./+shared/admin-action.server";
import { readForTab } from "./+shared/tab-reads.server";
import { recordIdSchema, trashEntrySchema } from "./+shared/admin-forms";
import { requireAdmin } from "~/auth/auth.server";
import { formatDanishTime } from "~/racing/format";
import { safeRedirect } from "~/auth/safe-redirect";

const TAB = "/admin/trash";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const items = await readForTab("trash", () => listTrash(), [] as TrashItem[]);
  return { items: items.value.map((i) => ({ ...i, noun: nounOf(i.kind) })), fetchError: items.error };
}

const RESTORE_FAILED = "Failed to restore item";
const PURGE_FAILED = "Failed to delete item";

/** Undo returns to the tab the delete was made on; only admin pages qualify. */
function returnPath(value: string | undefined) {
  const to = safeRedirect(value, TAB);
  return to === "/admin" || to.startsWith("/admin/") || to.startsWith("/admin?") ? to : TAB;
}

/** Restore (the Trash tab) or Undo (a delete's toast, which returns to its tab). */
const restore = (from: "trash" | "toast") =>
  intent({
    schema: trashEntrySchema,
    failure: RESTORE_FAILED,
    write: async ({ data }) => (await restoreFromTrash(data.id)) ?? null,
    refuse: (error) =>
      error instanceof RestoreRefusedError ? { toast: `${RESTORE_FAILED}: ${error.message}.`, status: 409 } : undefined,
    missing: { toast: `${RESTORE_FAILED}: it is no longer in the trash.`, status: 404 },
    success: (restored, { data }) => ({
      title: `${restored.noun} Restored`,
      description: `${restored.label} has been restored.`,
      to: from === "toast" ? returnPath(data.returnTo) : TAB,
    }),
  });

export const action = adminAction({
  tab: TAB,
  otherFailure: RESTORE_FAILED,
  intents: {
    undo: restore("toast"),
    restore: restore("trash"),
    purge: intent({
      schema: recordIdSchema,
      failure: PURGE_FAILED,
      write: async ({ data }) => (await purgeFromTrash(data.id)) ?? null,
      missing: { toast: `${PURGE_FAILED}: it is no longer in the trash.`, status: 404 },
      success: (purged) => ({ title: "Deleted Forever", description: `${purged.label} has been deleted permanently.` }),
    }),
  },
});

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
