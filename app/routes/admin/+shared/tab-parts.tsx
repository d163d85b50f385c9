import { Fragment, useEffect, useRef, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Card } from "~/components/ui/card";
import { ShowToast } from "~/components/ui/toast";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import type { Toast } from "~/toast/toast";
import type { AdminActionData } from "./admin-action.server";

/** A tab's page: its toasts (a failed read, the last form's answer), then its cards. */
export function TabPage({ toasts, children }: { toasts: (Toast | null | undefined)[]; children: ReactNode }) {
  return (
    <div className="space-y-8">
      {toasts.map((toast, i) => (
        <ShowToast key={i} toast={toast} />
      ))}
      {children}
    </div>
  );
}

/**
 * What a tab shows of its forms: the action's last answer, handed only to the form it belongs to
 * (`answerFor`), and the record an address such as `?edit=id` opens (`opened`).
 */
export function useTabForms(actionData: unknown) {
  const [params] = useSearchParams();
  const result = actionData as AdminActionData | undefined;
  return {
    result,
    answerFor(intent: string, id?: string) {
      return result?.intent === intent && (id === undefined || result.id === id) ? result : undefined;
    },
    opened<T extends { id: string }>(records: T[], param = "edit") {
      const id = params.get(param);
      return id ? records.find((r) => r.id === id) : undefined;
    },
  };
}

/** What a tab's record form is given: add (`create`) or edit a record, and the action's answer if it is this form's. */
export type RecordFormProps<T> = {
  intent: "create" | "update";
  titleId: string;
  record?: T;
  result: AdminActionData | undefined;
};

export type RecordCards<T> = {
  add: { title: string; titleId: string };
  edit: { title: (record: T) => string; titleId: string };
};

/**
 * A tab's add form in its card and, when the address opens a record (`?edit=id`), the same form for
 * that record in the edit panel. The add form starts afresh whenever the list changes.
 */
export function RecordForms<T extends { id: string }>({
  tab,
  records,
  editing: opened,
  cards: { add, edit },
  form,
  addInstead,
}: {
  tab: ReturnType<typeof useTabForms>;
  /** The list shown (the add form starts afresh when it changes); the edit form's record is found in it… */
  records: readonly { id: string }[];
  /** …unless the loader read the record the address opens itself (null: none). */
  editing?: T | null;
  /** The cards' headings (the edit card's may name the record) and their ids, which label the forms. */
  cards: RecordCards<T>;
  form: (props: RecordFormProps<T>) => ReactNode;
  /** Shown in the add card instead of the form, while nothing can be added (no horse yet). */
  addInstead?: ReactNode;
}) {
  const editing = opened === undefined ? tab.opened(records as T[]) : (opened ?? undefined);
  return (
    <>
      <Card title={add.title} titleId={add.titleId}>
        {addInstead ?? (
          <Fragment key={records.map((r) => r.id).join(",")}>
            {form({ intent: "create", titleId: add.titleId, result: tab.answerFor("create") })}
          </Fragment>
        )}
      </Card>
      {editing ? (
        <EditPanel key={editing.id} openKey={editing.id} title={edit.title(editing)} titleId={edit.titleId}>
          {form({
            intent: "update",
            titleId: edit.titleId,
            record: editing,
            result: tab.answerFor("update", editing.id),
          })}
        </EditPanel>
      ) : null}
    </>
  );
}

/** Scrolls the edit form into view (and moves focus to its heading) 100 ms after it opens. */
function useScrollIntoViewOnOpen(key: string | null) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => {
      ref.current?.scrollIntoView({ behavior: "smooth", block: "start" });
      ref.current?.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
    }, 100);
    return () => clearTimeout(timer);
  }, [key]);
  return ref;
}

/** The highlighted card an edit form opens in; it scrolls into view when `openKey` changes. */
export function EditPanel({
  openKey,
  title,
  titleId,
  children,
}: {
  openKey: string;
  title: string;
  titleId: string;
  children: ReactNode;
}) {
  const ref = useScrollIntoViewOnOpen(openKey);
  return (
    <div ref={ref} className="scroll-mt-24">
      <Card title={title} titleId={titleId} className="border-gold-400 ring-1 ring-gold-300">
        {children}
      </Card>
    </div>
  );
}

/**
 * In place of a form that needs a horse, while there is none: says so and leads to the Horses tab
 * (a victory and a runner each belong to a horse).
 */
export function NoHorsesYet() {
  const t = useAdminT();
  return (
    <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
      {t("race.noHorses")}{" "}
      <Link to="/admin/horses" className="font-semibold underline underline-offset-4">
        {t("race.noHorsesLink")}
      </Link>
    </p>
  );
}
