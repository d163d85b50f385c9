import type { Route } from "./+types/trash";
import { Card } from "~/components/ui/card";
import { isAdminKey, msg, type AdminTranslate } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { TabPage, useTabForms } from "./+shared/tab-parts";
import { RecordList, RecordRow, RowAction } from "./+shared/record-list";
import { listTrash, RestoreRefusedError, type TrashItem } from "~/models/trash.server";
import { nounOf } from "~/trash/kinds.server";
import { purgeFromTrash, restoreFromTrash } from "~/trash/trash.server";
import { adminAction, intent } from "./+shared/admin-action.server";
import { openTab, readForTab } from "./+shared/tab-reads.server";
import { adminMeta } from "./+shared/admin-meta";
import { recordIdSchema, trashEntrySchema } from "./+shared/admin-forms";
import { formatDanishTime } from "~/racing/format";
import { safeRedirect } from "~/auth/safe-redirect";

const TAB = "/admin/trash";

/** What a kind of record is called, in the administrator's language (the kind's own word for a kind without one). */
function nounIn(t: AdminTranslate, kind: string) {
  const key = `trash.noun.${kind}`;
  return isAdminKey(key) ? t(key) : nounOf(kind);
}

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const items = await readForTab(t, "trash", () => listTrash(), [] as TrashItem[]);
  return { items: items.value.map((i) => ({ ...i, noun: nounIn(t, i.kind) })), fetchError: items.error };
}

/** Undo returns to the tab the delete was made on; only admin pages qualify. */
function returnPath(value: string | undefined) {
  const to = safeRedirect(value, TAB);
  return to === "/admin" || to.startsWith("/admin/") || to.startsWith("/admin?") ? to : TAB;
}

/** Why a record cannot come back yet, in the administrator's language. */
function refusalReason(error: RestoreRefusedError) {
  const key = `trash.refused.${error.reason}`;
  return isAdminKey(key) ? msg(key) : { shown: error.message };
}

/** Restore (the Trash tab) or Undo (a delete's toast, which returns to its tab). */
const restore = (from: "trash" | "toast") =>
  intent({
    schema: trashEntrySchema,
    failure: "trash.restoreFailed",
    write: async ({ data }) => (await restoreFromTrash(data.id)) ?? null,
    refuse: (error, t) =>
      error instanceof RestoreRefusedError
        ? { toast: msg("trash.restoreRefused", { reason: t(refusalReason(error)) }), status: 409 }
        : undefined,
    missing: { toast: "trash.restoreGone", status: 404 },
    success: (restored, { data, t }) => ({
      title: msg("trash.restored", { noun: nounIn(t, restored.kind) }),
      description: msg("trash.restoredText", { label: restored.label }),
      to: from === "toast" ? returnPath(data.returnTo) : TAB,
    }),
  });

export const action = adminAction({
  tab: TAB,
  otherFailure: "trash.restoreFailed",
  intents: {
    undo: restore("toast"),
    restore: restore("trash"),
    purge: intent({
      schema: recordIdSchema,
      failure: "trash.purgeFailed",
      write: async ({ data }) => (await purgeFromTrash(data.id)) ?? null,
      missing: { toast: "trash.purgeGone", status: 404 },
      success: (purged) => ({ title: "trash.purged", description: msg("trash.purgedText", { label: purged.label }) }),
    }),
  },
});

export default function TrashTab({ loaderData, actionData }: Route.ComponentProps) {
  const { items, fetchError } = loaderData;
  const t = useAdminT();
  const { result } = useTabForms(actionData);
  return (
    <TabPage toasts={[fetchError, result?.toast]}>
      <Card title={t("trash.title")} titleId="trash">
        <p className="mb-4 text-sm text-stone-600">{t("trash.intro")}</p>
        <RecordList fetchError={fetchError} empty={t("trash.empty")} records={items}>
          {(item) => <TrashRow key={item.id} item={item} />}
        </RecordList>
      </Card>
    </TabPage>
  );
}

function TrashRow({ item }: { item: TrashItem & { noun: string } }) {
  const t = useAdminT();
  const name = `${item.noun} ${item.label}`;
  const time = formatDanishTime(item.deletedAt);
  return (
    <RecordRow
      actions={
        <>
          <RowAction
            intent="restore"
            id={item.id}
            label={t("trash.restoreLabel", { name })}
            variant="small"
            busyText={t("trash.restoring")}
          >
            {t("trash.restore")}
          </RowAction>
          <RowAction intent="purge" id={item.id} label={t("trash.purgeLabel", { name })} busyText={t("form.deleting")}>
            {t("trash.purge")}
          </RowAction>
        </>
      }
    >
      <p className="text-base font-semibold text-stone-900">
        {t("trash.item", { noun: item.noun, label: item.label })}
      </p>
      <p className="text-stone-700">
        {item.deletedByEmail
          ? t("trash.deletedBy", { time, email: item.deletedByEmail })
          : t("trash.deletedAt", { time })}
      </p>
    </RecordRow>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "tabs.trash");
