import { Form, Link } from "react-router";
import type { Route } from "./+types/billing-costs";
import { buttonClass, SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, RequiredMark, SelectField, TextAreaField } from "~/components/ui/field";
import { fieldErrorClass } from "~/components/ui/field-classes";
import { MoneyField } from "~/components/ui/money-field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { msg, type AdminTranslate } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { useLang } from "~/i18n/use-lang";
import { formatBytes } from "~/media/image";
import { ReceiptError, removeReceiptQuietly, storeReceipt } from "~/media/receipts.server";
import {
  CATEGORY_NAMES,
  COST_CATEGORIES,
  isMonth,
  monthPeriod,
  previousMonth,
  addDays,
  type CostCategory,
} from "~/models/billing-terms";
import {
  approvalsFor,
  CostBilledError,
  createCost,
  deleteCost,
  getCost,
  InvalidCostError,
  listCosts,
  updateCost,
  type Cost,
  type CostApproval,
  type CostInput,
} from "~/models/cost.server";
import { listHorses } from "~/models/horse.server";
import { ownersBillingDetails } from "~/models/billing-details.server";
import { horseFacts } from "~/billing/billing-facts.server";
import { awaitsApproval, costLines, ownerCostGross, STABLE } from "~/billing/ledger";
import { pathTo } from "~/pages/registry";
import { env } from "~/platform/env.server";
import { formatAmount, formatDay, formatDayOf, formatDkk } from "~/racing/format";
import { danishToday } from "~/racing/race-day";
import { showInvisible } from "~/utils/visible-text";
import { adminAction, intent, type Refusal } from "./+shared/admin-action.server";
import { adminMeta } from "./+shared/admin-meta";
import { BillingSetupLinks } from "./+shared/billing-links";
import { COST_HORSE_FIELD, COST_PART_FIELD, costIdSchema, costSchema } from "./+shared/billing-forms";
import { RecordFormShell, useRecordForm } from "./+shared/form-parts";
import { RecordList, RecordRow } from "./+shared/record-list";
import { openTab, readForTab } from "./+shared/tab-reads.server";
import { EditPanel, TabPage, useTabForms } from "./+shared/tab-parts";

/**
 * Costs (/admin/billing/costs): one month's costs at a time (`?month=2026-03`), added, changed and
 * deleted, each with its horses' parts, its receipt (a private file, opened through the admin
 * download) and, for a planned one, who of the owners approved it or asked about it, and when.
 */

const PAGE = "/admin/billing/costs";
const monthPage = (month: string, extra: Record<string, string> = {}) =>
  `${PAGE}?${new URLSearchParams({ month, ...extra }).toString()}`;

/** The month the address asks for, or this one. */
function monthOf(request: Request) {
  const asked = new URL(request.url).searchParams.get("month") ?? "";
  return isMonth(asked) ? asked : danishToday().slice(0, 7);
}

const nextMonth = (month: string) => addDays(monthPeriod(month).end, 1).slice(0, 7);

/** An owner whose part of a planned cost is above their limit and who has not approved it yet. */
type Awaiting = { ownerId: string; name: string; grossOere: number; limitOere: number };

type CostRow = Cost & { approvals: CostApproval[]; awaiting: Awaiting[] };

/** Who of the owners must still approve each planned, passed-on cost (decision 0284), from the facts now. */
async function awaitingOf(costs: Cost[]): Promise<Map<string, Awaiting[]>> {
  const planned = costs.filter((c) => c.planned && c.passedOn);
  const out = new Map<string, Awaiting[]>();
  if (planned.length === 0) return out;
  const facts = await horseFacts(undefined, [...new Set(planned.flatMap((c) => c.parts.map((p) => p.horseId)))]);
  const horses = new Map(facts.map((h) => [h.horseId, h]));
  const approvals = await approvalsFor(planned.map((c) => c.id));
  const decided = approvals.map((a) => ({ costId: a.costId, party: a.ownerId, state: a.state }));
  const lines = planned.map((c) => ({
    cost: c,
    lines: costLines(
      {
        costId: c.id,
        date: c.date,
        category: c.category,
        description: c.description,
        amountOere: c.amountOere,
        vat: c.vat,
        passedOn: c.passedOn,
        planned: c.planned,
        parts: c.parts.map((p) => ({ partId: p.id, horseId: p.horseId, partOere: p.partOere })),
      },
      horses,
    ),
  }));
  const owners = await ownersBillingDetails([
    ...new Set(lines.flatMap((l) => l.lines.map((line) => line.party)).filter((p) => p !== STABLE)),
  ]);
  const limits = new Map(
    [...owners.values()].flatMap((o) =>
      o.approvalLimitOere === null ? [] : [[o.userId, o.approvalLimitOere] as const],
    ),
  );
  for (const { cost, lines: costLinesOf } of lines) {
    const parties = [...new Set(costLinesOf.map((l) => l.party))].filter((p) => p !== STABLE);
    const waiting = parties.flatMap((party) => {
      const gross = ownerCostGross(costLinesOf, party, cost.id);
      if (!awaitsApproval({ costId: cost.id, planned: cost.planned }, party, gross, limits, decided)) return [];
      const owner = owners.get(party);
      return [{ ownerId: party, name: owner?.name ?? party, grossOere: gross, limitOere: limits.get(party)! }];
    });
    if (waiting.length) out.set(cost.id, waiting);
  }
  return out;
}

async function readMonth(month: string, openId: string | null) {
  const period = monthPeriod(month);
  const [costs, horses, open] = await Promise.all([
    listCosts(period),
    listHorses(),
    openId ? getCost(openId) : Promise.resolve(null),
  ]);
  // A cost opened from another month (the link of a toast, say) is shown all the same.
  const all = open && !costs.some((c) => c.id === open.id) ? [...costs, open] : costs;
  const [approvals, awaiting] = await Promise.all([approvalsFor(all.map((c) => c.id)), awaitingOf(all)]);
  return {
    costs: all.map((c): CostRow => ({
      ...c,
      approvals: approvals.filter((a) => a.costId === c.id),
      awaiting: awaiting.get(c.id) ?? [],
    })),
    horses: horses.map((h) => ({ id: h.id, name: h.name })).sort((a, b) => a.name.localeCompare(b.name, "da")),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const month = monthOf(request);
  const params = new URL(request.url).searchParams;
  const openId = (params.get("edit") || params.get("delete") || "").slice(0, 100) || null;
  const read = await readForTab(t, "costs", () => readMonth(month, openId), {
    costs: [] as CostRow[],
    horses: [] as { id: string; name: string }[],
  });
  return {
    month,
    previous: previousMonth(`${month}-01`),
    next: nextMonth(month),
    ...read.value,
    receiptLimit: formatBytes(env().UPLOAD_MAX_BYTES),
    fetchError: read.error,
  };
}

/** The administrator's language, as their texts say it. */
const langOf = (t: AdminTranslate): "en" | "da" => (t("billing.lang") === "da" ? "da" : "en");

/** A cost as a toast or a button's label names it: 'Vet: Scan, 1.250,00 kr.' */
function costName(cost: Pick<Cost, "category" | "description" | "amountOere">, lang: "en" | "da") {
  const text = cost.description.trim();
  return `${CATEGORY_NAMES[lang][cost.category]}${text ? `: ${showInvisible(text)}` : ""}, ${formatDkk(cost.amountOere)}`;
}

const FIELD_OF: Record<string, string> = {
  date: "date",
  category: "category",
  vat: "vat",
  amount: "amount",
  horses: "horses",
  parts: "horses",
  description: "description",
  receipt: "receipt",
};

const MESSAGE_OF: Record<string, Parameters<AdminTranslate>[0]> = {
  date: "costs.dateInvalid",
  category: "costs.categoryInvalid",
  vat: "costs.vatInvalid",
  amount: "costs.amountTooSmall",
  horses: "costs.horsesInvalid",
  parts: "costs.partsInvalid",
  description: "form.tooLong",
  receipt: "costs.receiptType",
};

/** Errors of the models and the receipt that the administrator can put right. */
function refusedCost(error: unknown): Refusal | undefined {
  if (error instanceof ReceiptError) return { errors: { receipt: `costs.${error.problem}` } };
  if (error instanceof InvalidCostError) {
    return { errors: { [FIELD_OF[error.field] ?? "date"]: MESSAGE_OF[error.field] ?? "costs.dateInvalid" } };
  }
  if (error instanceof CostBilledError) return { toast: "costs.billed", status: 409 };
  return undefined;
}

type CostForm = ReturnType<typeof costSchema.parse>;

const costInput = (data: CostForm, receiptKey: string | null | undefined): CostInput => ({
  date: data.date,
  category: data.category,
  description: data.description,
  amountOere: data.amountOere,
  vat: data.vat,
  passedOn: data.passedOn,
  planned: data.planned,
  horses: data.horses,
  ...(receiptKey === undefined ? {} : { receiptKey }),
});

/** Stores the chosen receipt first; removed again when the write that would use it does not commit. */
async function withReceipt<T>(
  files: { file(name: string): { path: string; size: number } | null },
  write: (key: string | null) => Promise<T | null>,
) {
  const upload = files.file("receipt");
  const key = upload ? await storeReceipt(upload) : null;
  try {
    const saved = await write(key);
    if (saved === null) await removeReceiptQuietly(key);
    return saved;
  } catch (error) {
    await removeReceiptQuietly(key);
    throw error;
  }
}

export const action = adminAction({
  tab: PAGE,
  otherFailure: "costs.updateFailed",
  intents: {
    create: intent({
      schema: costSchema,
      failure: "costs.addFailed",
      write: ({ data, files }) => withReceipt(files, (key) => createCost(costInput(data, key))),
      refuse: refusedCost,
      success: (cost, { t }) => ({
        title: "costs.added",
        description: msg("costs.addedText", { name: costName(cost, langOf(t)) }),
        to: monthPage(cost.date.slice(0, 7)),
        show: cost.id,
      }),
    }),
    update: intent({
      schema: costSchema,
      failure: "costs.updateFailed",
      write: ({ data, files }) =>
        withReceipt(files, async (key) => {
          const receipt = key ?? (data.removeReceipt ? null : undefined);
          const saved = await updateCost(data.id, costInput(data, receipt));
          if (!saved) return null;
          await removeReceiptQuietly(saved.replacedReceiptKey);
          return data;
        }),
      refuse: refusedCost,
      missing: { toast: "costs.notFound", status: 404 },
      success: (cost, { t }) => ({
        title: "costs.updated",
        description: msg("costs.updatedText", { name: costName(cost, langOf(t)) }),
        to: monthPage(cost.date.slice(0, 7)),
        show: cost.id,
      }),
    }),
    // Deleted outright, after the page asked (decision 0286): a receipt is a private file the trash does not keep.
    delete: intent({
      schema: costIdSchema,
      failure: "costs.deleteFailed",
      prepare: (data) => getCost(data.id),
      write: async ({ data, ready }) => {
        const gone = await deleteCost(data.id);
        if (!gone) return null;
        await removeReceiptQuietly(gone.replacedReceiptKey);
        return ready;
      },
      refuse: refusedCost,
      missing: { toast: "costs.notFound", status: 404 },
      success: (cost, { t }) => ({
        title: "costs.deleted",
        description: msg("costs.deletedText", { name: costName(cost, langOf(t)) }),
        to: monthPage(cost.date.slice(0, 7)),
      }),
    }),
  },
});

const monthTitle = (month: string, lang: "en" | "da") =>
  new Intl.DateTimeFormat(lang === "da" ? "da-DK" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));

export default function CostsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { month, previous, next, costs, horses, receiptLimit, fetchError } = loaderData;
  const t = useAdminT();
  const lang = useLang();
  const tab = useTabForms(actionData);
  const editing = tab.opened(costs);
  const deleting = tab.opened(costs, "delete");
  return (
    <TabPage toasts={[fetchError, tab.result?.toast]}>
      <BillingSetupLinks />
      <Card title={t("costs.add")} titleId="add-cost">
        <p className="mb-4 text-sm text-stone-700">{t("costs.intro")}</p>
        <CostFormView
          key={costs.map((c) => c.id).join(",")}
          intent="create"
          titleId="add-cost"
          horses={horses}
          month={month}
          receiptLimit={receiptLimit}
          result={tab.answerFor("create")}
        />
      </Card>
      {editing ? (
        <EditPanel
          key={editing.id}
          openKey={editing.id}
          title={t("costs.edit", { name: costName(editing, lang) })}
          titleId="edit-cost"
        >
          <CostFormView
            intent="update"
            titleId="edit-cost"
            cost={editing}
            horses={horses}
            month={month}
            receiptLimit={receiptLimit}
            result={tab.answerFor("update", editing.id)}
          />
        </EditPanel>
      ) : null}
      {deleting ? <ConfirmDelete cost={deleting} month={month} /> : null}
      <Card title={t("costs.title", { month: monthTitle(month, lang) })} titleId="costs-list">
        <nav aria-label={t("costs.month")} className="mb-4 flex flex-wrap items-end gap-3">
          <Link to={monthPage(previous)} className={buttonClass.small}>
            {t("costs.previous")}
          </Link>
          <Form method="get" className="flex items-end gap-2">
            <Field label={t("costs.month")} name="month" type="month" defaultValue={month} />
            <button type="submit" className={buttonClass.small}>
              {t("costs.showMonth")}
            </button>
          </Form>
          <Link to={monthPage(next)} className={buttonClass.small}>
            {t("costs.next")}
          </Link>
        </nav>
        <RecordList fetchError={fetchError} empty={t("costs.empty")} records={costs}>
          {(cost) => <CostRowView key={cost.id} cost={cost} month={month} />}
        </RecordList>
      </Card>
    </TabPage>
  );
}

function ConfirmDelete({ cost, month }: { cost: CostRow; month: string }) {
  const t = useAdminT();
  const lang = useLang();
  const name = costName(cost, lang);
  const busy = useSubmitting("delete", cost.id);
  return (
    <EditPanel openKey={`delete-${cost.id}`} title={t("costs.confirmTitle")} titleId="delete-cost">
      <p className="mb-4 text-stone-800">{t("costs.confirmText", { name })}</p>
      <Form method="post" className="flex gap-2" aria-labelledby="delete-cost">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={cost.id} />
        <SubmitButton variant="danger" busy={busy} busyLabel={t("form.deleting")}>
          {t("costs.confirm")}
        </SubmitButton>
        <Link to={monthPage(month)} className={buttonClass.secondary}>
          {t("form.cancel")}
        </Link>
      </Form>
    </EditPanel>
  );
}

function CostRowView({ cost, month }: { cost: CostRow; month: string }) {
  const t = useAdminT();
  const lang = useLang();
  const name = costName(cost, lang);
  return (
    <RecordRow
      recordId={cost.id}
      actions={
        <>
          <Link
            to={monthPage(month, { edit: cost.id })}
            preventScrollReset
            className={buttonClass.small}
            aria-label={t("form.editLabel", { name })}
          >
            {t("form.edit")}
          </Link>
          <Link
            to={monthPage(month, { delete: cost.id })}
            preventScrollReset
            className={buttonClass.danger}
            aria-label={t("costs.deleteLabel", { name })}
          >
            {t("costs.delete")}
          </Link>
        </>
      }
    >
      <p className="text-base font-semibold text-stone-900">
        {formatDay(cost.date, lang, cost.date)} · {CATEGORY_NAMES[lang][cost.category]}
        {cost.description ? ` · ${showInvisible(cost.description)}` : ""}
      </p>
      <p className="text-stone-800">
        {formatDkk(cost.amountOere)} · {t(cost.vat === "standard" ? "costs.vatStandard" : "costs.vatOutlay")}
        {cost.passedOn ? "" : ` · ${t("costs.notPassedOn")}`}
        {cost.planned ? ` · ${t("costs.plannedBadge")}` : ""}
      </p>
      <p className="text-stone-700">
        {cost.parts
          .map((p) => t("costs.partOf", { horse: showInvisible(p.horseName ?? "?"), amount: formatDkk(p.partOere) }))
          .join(" · ")}
      </p>
      <p className="text-stone-700">
        {cost.receiptKey ? (
          <a
            href={pathTo("admin/billing-receipt", { id: cost.id })}
            className="font-medium text-brand-700 underline underline-offset-4"
            aria-label={t("costs.openReceiptLabel", { name })}
          >
            {t("costs.openReceipt")}
          </a>
        ) : (
          <span className="italic">{t("costs.noReceipt")}</span>
        )}
      </p>
      {cost.awaiting.length ? (
        <ul className="mt-1 space-y-1 text-amber-900">
          {cost.awaiting.map((a) => (
            <li key={a.ownerId}>
              {t("costs.awaiting", {
                name: showInvisible(a.name),
                part: formatDkk(a.grossOere),
                limit: formatDkk(a.limitOere),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {cost.approvals.length ? (
        <ul className="mt-1 space-y-1 text-stone-800">
          {cost.approvals.map((a) => (
            <li key={a.ownerId}>
              {a.state === "approved"
                ? t("costs.approved", { name: showInvisible(a.ownerName), date: formatDayOf(a.decidedAt, lang) })
                : t("costs.question", {
                    name: showInvisible(a.ownerName),
                    date: formatDayOf(a.decidedAt, lang),
                    question: showInvisible(a.question ?? ""),
                  })}
            </li>
          ))}
        </ul>
      ) : null}
    </RecordRow>
  );
}

function CostFormView({
  intent,
  titleId,
  cost,
  horses,
  month,
  receiptLimit,
  result,
}: {
  intent: "create" | "update";
  titleId: string;
  cost?: CostRow;
  horses: { id: string; name: string }[];
  month: string;
  receiptLimit: string;
  result: ReturnType<ReturnType<typeof useTabForms>["answerFor"]>;
}) {
  const t = useAdminT();
  const lang = useLang();
  const record = cost ? { id: cost.id } : undefined;
  const form = useRecordForm(costSchema, result, intent, record);
  const { val, errors } = form;
  const sent = result?.values;
  const checked = (name: string, fallback: boolean) => (sent ? sent[name] === "1" : fallback);
  const firstDay = month === danishToday().slice(0, 7) ? danishToday() : `${month}-01`;
  const horsesError = errors.horses;
  return (
    <RecordFormShell
      form={form}
      titleId={titleId}
      multipart
      addLabel={intent === "create" ? t("costs.addButton") : undefined}
      cancelTo={monthPage(month)}
    >
      <Field
        label={t("costs.date")}
        name="date"
        type="date"
        markRequired
        defaultValue={val("date", cost?.date ?? firstDay)}
        error={errors.date}
      />
      <SelectField
        label={t("costs.category")}
        name="category"
        defaultValue={val("category", cost?.category ?? "vet")}
        error={errors.category}
      >
        {COST_CATEGORIES.map((c: CostCategory) => (
          <option key={c} value={c}>
            {CATEGORY_NAMES[lang][c]}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <TextAreaField
          label={t("costs.description")}
          name="description"
          rows={2}
          maxLength={500}
          hint={t("costs.descriptionHint")}
          defaultValue={val("description", cost?.description ?? "")}
          error={errors.description}
        />
      </div>
      <MoneyField
        label={t("costs.amount")}
        name="amount"
        markRequired
        hint={t("costs.amountHint")}
        defaultValue={val("amount", cost ? formatAmount(cost.amountOere) : "")}
        error={errors.amount}
      />
      <fieldset aria-describedby={errors.vat ? `${titleId}-vat-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-stone-800">{t("costs.vat")}</legend>
        {(["standard", "outlay"] as const).map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-stone-800">
            <input type="radio" name="vat" value={kind} defaultChecked={val("vat", cost?.vat ?? "standard") === kind} />
            {t(kind === "standard" ? "costs.vatStandard" : "costs.vatOutlay")}
          </label>
        ))}
        {errors.vat ? (
          <p id={`${titleId}-vat-error`} className={fieldErrorClass}>
            {errors.vat}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-2 sm:col-span-2">
        <label className="flex items-center gap-2 text-stone-800">
          <input
            type="checkbox"
            name="passedOn"
            value="1"
            defaultChecked={checked("passedOn", cost?.passedOn ?? true)}
          />
          {t("costs.passedOn")}
        </label>
        <label className="flex items-center gap-2 text-stone-800">
          <input type="checkbox" name="planned" value="1" defaultChecked={checked("planned", cost?.planned ?? false)} />
          {t("costs.planned")}
        </label>
      </div>
      <fieldset
        className="sm:col-span-2"
        aria-describedby={horsesError ? `${titleId}-horses-error` : `${titleId}-horses-hint`}
      >
        <legend className="mb-2 flex items-baseline text-sm font-medium text-stone-800">
          {t("costs.horses")}
          <RequiredMark />
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {horses.map((h) => {
            const part = cost?.parts.find((p) => p.horseId === h.id);
            const spread = !!cost && new Set(cost.parts.map((p) => p.partOere)).size > 1;
            return (
              <div key={h.id} className="flex items-center gap-2">
                <label className="flex items-center gap-2 text-stone-800">
                  <input
                    type="checkbox"
                    name={`${COST_HORSE_FIELD}${h.id}`}
                    value="1"
                    defaultChecked={checked(`${COST_HORSE_FIELD}${h.id}`, !!part)}
                  />
                  {showInvisible(h.name)}
                </label>
                <input
                  type="text"
                  inputMode="decimal"
                  name={`${COST_PART_FIELD}${h.id}`}
                  aria-label={t("costs.part", { horse: showInvisible(h.name) })}
                  maxLength={40}
                  placeholder="0,00"
                  defaultValue={val(`${COST_PART_FIELD}${h.id}`, part && spread ? formatAmount(part.partOere) : "")}
                  className="w-28 rounded-md border border-stone-300 px-2 py-1 text-sm tabular-nums"
                />
              </div>
            );
          })}
        </div>
        <p id={`${titleId}-horses-hint`} className="mt-1 text-sm text-stone-600">
          {t("costs.horsesHint")}
        </p>
        {horsesError ? (
          <p id={`${titleId}-horses-error`} className={fieldErrorClass}>
            {horsesError}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-2 sm:col-span-2">
        <Field
          label={t("costs.receipt")}
          name="receipt"
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp,image/heic"
          hint={t("costs.receiptHint", { limit: receiptLimit })}
          error={errors.receipt}
        />
        {cost?.receiptKey ? (
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" name="removeReceipt" value="1" defaultChecked={checked("removeReceipt", false)} />
            {t("costs.removeReceipt")}
          </label>
        ) : null}
      </div>
    </RecordFormShell>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "tabs.costs");
