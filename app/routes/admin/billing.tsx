import { Form, Link, NavLink } from "react-router";
import type { Route } from "./+types/billing";
import { TableHead } from "~/components/table-head";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, SelectField, TextAreaField } from "~/components/ui/field";
import {
  billingOverview,
  draftsOf,
  monthJustEnded,
  openDocument,
  openDraft,
  type BillingOverview,
  type DocumentRow,
  type DraftRow,
  type OpenDocument,
} from "~/billing/billing-overview.server";
import { runMonthlyDrafts } from "~/billing/monthly-drafts.server";
import { issueCreditNote, issueInvoices, NotCreditableError, RefusedDocumentError } from "~/billing/issue.server";
import { msg, type AdminTranslate } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { isMonth, monthPeriod, sharePercentText } from "~/models/billing-terms";
import {
  addDraftLine,
  deleteDraft,
  getInvoice,
  invoiceIdOfLine,
  InvalidLineError,
  IssuedInvoiceError,
  removeDraftLine,
  setDraftNote,
  updateDraftLine,
} from "~/models/invoice.server";
import { InvalidPaymentError, recordPayment, standings } from "~/models/payment.server";
import { pathTo } from "~/pages/registry";
import { formatAmount, formatDanishDate, formatDkk } from "~/racing/format";
import { danishToday } from "~/racing/race-day";
import { cn } from "~/utils/cn";
import type { AdminActionData } from "./+shared/admin-action.server";
import { adminAction, intent, Refused, type Refusal } from "./+shared/admin-action.server";
import { adminMeta } from "./+shared/admin-meta";
import {
  creditSchema,
  CREDIT_LINE,
  draftDeleteSchema,
  draftsSchema,
  issueSchema,
  lineAddSchema,
  lineRemoveSchema,
  lineUpdateSchema,
  noteSchema,
  paymentSchema,
  PICK,
} from "./+shared/billing-tab-forms";
import { TabPage } from "./+shared/tab-parts";
import { openTab, readForTab } from "./+shared/tab-reads.server";

const TAB = "/admin/billing";

/** The tab at a month, with a draft (`open`) or an issued document (`doc`) opened. */
function tabPath(month: string | undefined, opened?: { open?: string; doc?: string }) {
  const query = new URLSearchParams();
  if (month) query.set("month", month);
  if (opened?.open) query.set("open", opened.open);
  if (opened?.doc) query.set("doc", opened.doc);
  const search = query.toString();
  const anchor = opened?.open ? "#draft" : opened?.doc ? "#document" : "";
  return `${TAB}${search ? `?${search}` : ""}${anchor}`;
}

const EMPTY_TOTALS = { breakdown: [], netOere: 0, vatOere: 0, totalOere: 0 };

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const params = new URL(request.url).searchParams;
  const today = danishToday();
  const asked = params.get("month") ?? "";
  const month = isMonth(asked) ? asked : monthJustEnded(today);
  const openId = params.get("open")?.slice(0, 100) || null;
  const docId = params.get("doc")?.slice(0, 100) || null;
  const empty: BillingOverview = {
    month,
    drafts: [],
    byHorse: [],
    stable: EMPTY_TOTALS,
    otherMonths: [],
    documents: [],
    overdue: [],
  };
  const [overview, draft, doc] = await Promise.all([
    readForTab(t, "invoices", () => billingOverview(month, today), empty),
    openId ? readForTab(t, "invoices", () => openDraft(openId), null) : null,
    docId ? readForTab(t, "invoices", () => openDocument(docId, today), null) : null,
  ]);
  const period = monthPeriod(month);
  return {
    today,
    overview: overview.value,
    draft: draft?.value ?? null,
    doc: doc?.value ?? null,
    exportPeriod: { from: period.start, to: addMonthEnd(period.end) },
    error: overview.error ?? draft?.error ?? doc?.error ?? null,
  };
}

/** A month's invoices are issued in the month after it: the export's default period covers both. */
function addMonthEnd(end: string) {
  const next = new Date(`${end}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return monthPeriod(next.toISOString().slice(0, 7)).end;
}

/** The model's refusals of a line, as the field they are about. */
function lineRefusal(error: unknown) {
  if (error instanceof IssuedInvoiceError) return { toast: "billing.isIssued" as const, status: 409 };
  if (error instanceof InvalidLineError) {
    const field = error.field === "unitPrice" ? "unitPrice" : error.field;
    const key =
      field === "quantity"
        ? "billing.quantityInvalid"
        : field === "share"
          ? "billing.shareInvalid"
          : field === "unitPrice"
            ? "billing.unitPriceInvalid"
            : "billing.descriptionRequired";
    return { errors: { [field]: key } as const };
  }
  return undefined;
}

/** Issues the drafts chosen (or all of them) and says which numbers they got and which were refused. */
async function issue({ all, ids, month }: { all: boolean; ids: string[]; month?: string }) {
  const chosen = all ? (await draftsOf(month ?? monthJustEnded())).map((d) => d.id) : ids;
  if (chosen.length === 0) throw new Refused({ errors: { drafts: "billing.noneChosen" }, toast: "billing.noneChosen" });
  const drafts = await Promise.all(chosen.map((id) => getInvoice(id)));
  const names = new Map(drafts.flatMap((d) => (d ? [[d.id, d.ownerName] as const] : [])));
  const results = await issueInvoices(chosen);
  return {
    numbers: results.flatMap((r) => (r.outcome === "issued" ? [r.number] : [])),
    refused: results.flatMap((r) =>
      r.outcome === "refused" ? [`${names.get(r.id) ?? r.id} (${r.problems.join("; ")})`] : [],
    ),
  };
}

function issuedToast(saved: { numbers: string[]; refused: string[] }, t: AdminTranslate) {
  const parts = [
    saved.numbers.length ? t("billing.issuedText", { numbers: saved.numbers.join(", ") }) : t("billing.issuedNone"),
    saved.refused.length ? t("billing.refusedText", { owners: saved.refused.join(", ") }) : "",
  ];
  return { shown: parts.filter(Boolean).join(" ") };
}

/** Records a payment: the amount typed, or all that is left (Mark Paid). */
async function pay(data: { invoiceId: string; paidOn: string; amount: number | null; note: string }) {
  const standing = (await standings([data.invoiceId], data.paidOn)).get(data.invoiceId);
  if (!standing) {
    if (await getInvoice(data.invoiceId)) throw new Refused({ toast: "billing.notPayable", status: 409 });
    return null;
  }
  const amount = data.amount ?? standing.outstandingOere;
  if (amount > standing.outstandingOere) {
    throw new Refused({
      errors: { amount: msg("billing.amountTooMuch", { amount: formatDkk(standing.outstandingOere) }) },
    });
  }
  const saved = await recordPayment(data.invoiceId, { paidOn: data.paidOn, amountOere: amount, note: data.note });
  if (!saved) return null;
  const invoice = await getInvoice(data.invoiceId);
  return { number: invoice?.number ?? "", status: saved.standing.status };
}

export const action = adminAction({
  tab: TAB,
  otherFailure: "billing.failed",
  intents: {
    drafts: intent({
      schema: draftsSchema,
      failure: "billing.draftsFailed",
      write: ({ data }) => runMonthlyDrafts({ month: data.month }),
      success: (run, { data, t }) => ({
        title: "billing.draftsMade",
        description: {
          shown: [
            t("billing.draftsMadeText", { month: data.month, ...run.drafts }),
            run.problems.length ? t("billing.problems", { count: run.problems.length }) : "",
            run.awaiting.length ? t("billing.awaiting", { count: run.awaiting.length }) : "",
          ]
            .filter(Boolean)
            .join(" "),
        },
        to: tabPath(data.month),
      }),
    }),
    issue: intent({
      schema: issueSchema,
      failure: "billing.issueFailed",
      write: ({ data }) => issue(data),
      success: (saved, { data, t }) => ({
        title: "billing.issued",
        description: issuedToast(saved, t),
        to: tabPath(data.month),
      }),
    }),
    "line-add": intent({
      schema: lineAddSchema,
      failure: "billing.lineFailed",
      write: ({ data }) =>
        addDraftLine(data.invoiceId, {
          description: data.description,
          quantity: data.quantity,
          unit: data.unit,
          unitPriceOere: data.unitPrice,
          shareHundredths: data.share,
          vat: data.vat,
        }),
      refuse: lineRefusal,
      success: (_, { data }) => ({
        title: "billing.lineAdded",
        description: "billing.lineSavedText",
        to: tabPath(data.month, { open: data.invoiceId }),
      }),
    }),
    "line-update": intent({
      schema: lineUpdateSchema,
      failure: "billing.lineFailed",
      write: async ({ data }) => {
        const saved = await updateDraftLine(data.lineId, {
          description: data.description,
          quantity: data.quantity,
          unit: data.unit,
          unitPriceOere: data.unitPrice,
          shareHundredths: data.share,
          vat: data.vat,
        });
        return saved ? { ...saved, invoiceId: await invoiceIdOfLine(data.lineId) } : null;
      },
      refuse: lineRefusal,
      missing: { toast: "billing.lineMissing", status: 404 },
      success: (saved, { data }) => ({
        title: "billing.lineSaved",
        description: "billing.lineSavedText",
        to: tabPath(data.month, { open: saved.invoiceId ?? undefined }),
      }),
    }),
    "line-remove": intent({
      schema: lineRemoveSchema,
      failure: "billing.lineFailed",
      write: async ({ data }) => {
        const invoiceId = await invoiceIdOfLine(data.lineId);
        const removed = await removeDraftLine(data.lineId);
        return removed ? { invoiceId } : null;
      },
      refuse: lineRefusal,
      missing: { toast: "billing.lineMissing", status: 404 },
      success: (saved, { data }) => ({
        title: "billing.lineRemoved",
        to: tabPath(data.month, { open: saved.invoiceId ?? undefined }),
      }),
    }),
    note: intent({
      schema: noteSchema,
      failure: "billing.noteFailed",
      write: ({ data }) => setDraftNote(data.invoiceId, data.note),
      refuse: lineRefusal,
      success: (_, { data }) => ({ title: "billing.noteSaved", to: tabPath(data.month, { open: data.invoiceId }) }),
    }),
    "delete-draft": intent({
      schema: draftDeleteSchema,
      failure: "billing.deleteFailed",
      write: ({ data }) => deleteDraft(data.invoiceId),
      refuse: lineRefusal,
      success: (_, { data }) => ({
        title: "billing.draftDeleted",
        description: "billing.draftDeletedText",
        to: tabPath(data.month),
      }),
    }),
    credit: intent({
      schema: creditSchema,
      failure: "billing.creditFailed",
      prepare: async (data) => {
        if (!data.all && data.lineIds.length === 0) {
          throw new Refused({ errors: { lines: "billing.creditNoLines" }, toast: "billing.creditNoLines" });
        }
        return true;
      },
      write: ({ data }) =>
        issueCreditNote(data.invoiceId, { lineIds: data.all ? undefined : data.lineIds, note: data.note }),
      refuse: (error, t) => {
        if (error instanceof NotCreditableError) {
          const toast =
            error.reason === "already-credited"
              ? "billing.creditAlready"
              : error.reason === "not-issued"
                ? "billing.creditNotIssued"
                : "billing.creditNoLines";
          return { toast, status: 409 };
        }
        if (error instanceof RefusedDocumentError) {
          return { toast: { shown: t("billing.creditRefused", { problems: error.problems.join("; ") }) }, status: 409 };
        }
        return undefined;
      },
      success: (note, { data }) => ({
        title: "billing.credited",
        description: msg("billing.creditedText", { number: note.number }),
        to: tabPath(data.month, { doc: data.invoiceId }),
      }),
    }),
    payment: intent({
      schema: paymentSchema,
      failure: "billing.paymentFailed",
      write: ({ data }) => pay(data),
      refuse: (error): Refusal | undefined => {
        if (!(error instanceof InvalidPaymentError)) return undefined;
        if (error.reason === "not-issued") return { toast: "billing.notPayable", status: 409 };
        return error.reason === "date"
          ? { errors: { paidOn: "billing.paidOnInvalid" } }
          : { errors: { amount: "billing.amountInvalid" } };
      },
      success: (saved, { data, t }) => ({
        title: "billing.paymentRecorded",
        description: msg("billing.paymentRecordedText", {
          number: saved.number,
          status: t(`billing.status.${saved.status}`),
        }),
        to: tabPath(data.month, { doc: data.invoiceId }),
      }),
    }),
  },
});

// ---------------------------------------------------------------------------------------------
// The page.

type Data = Route.ComponentProps["loaderData"];

export default function AdminBilling({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, draft, doc, today, exportPeriod, error } = loaderData;
  const t = useAdminT();
  const answer = actionData as AdminActionData | undefined;
  const month = overview.month;
  return (
    <TabPage toasts={[error, answer?.toast]}>
      <section aria-labelledby="billing-heading" className="space-y-8">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="billing-heading" className="text-2xl font-bold text-brand-900">
            {t("billing.title")}
          </h2>
          <BillingNav />
        </div>
        <MonthChoice month={month} answer={answer} />
        <Overdue overview={overview} month={month} />
        <Drafts overview={overview} answer={answer} />
        {draft ? <OpenDraft draft={draft} month={month} answer={answer} /> : null}
        <Documents documents={overview.documents} month={month} />
        {doc ? <OpenDoc doc={doc} month={month} today={today} answer={answer} /> : null}
        <Export period={exportPeriod} />
      </section>
    </TabPage>
  );
}

/** The Billing pages: the invoices (this one), the horses' shares and rates, the costs. */
function BillingNav() {
  const t = useAdminT();
  const links = [
    { to: TAB, label: t("billing.nav.invoices") },
    { to: "/admin/billing/horses", label: t("billing.nav.horses") },
    { to: "/admin/billing/costs", label: t("billing.nav.costs") },
  ];
  return (
    <nav aria-label={t("billing.sections")}>
      <ul className="flex flex-wrap gap-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-1.5 font-medium",
                  isActive ? "bg-brand-700 text-white" : "text-brand-700 underline",
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const errorOf = (answer: AdminActionData | undefined, intentName: string, field: string, id?: string) =>
  answer && answer.intent === intentName && (!id || Object.values(answer.values).includes(id))
    ? answer.errors?.[field]
    : undefined;

function MonthChoice({ month, answer }: { month: string; answer: AdminActionData | undefined }) {
  const t = useAdminT();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <Form method="get" className="flex items-end gap-2">
        <Field label={t("billing.month")} name="month" type="month" defaultValue={month} required />
        <button type="submit" className={buttonClass.secondary}>
          {t("billing.show")}
        </button>
      </Form>
      <Form method="post" className="space-y-1">
        <input type="hidden" name="month" value={month} />
        <button type="submit" name="intent" value="drafts" className={buttonClass.primary}>
          {t("billing.createDrafts", { month })}
        </button>
        {errorOf(answer, "drafts", "month") ? (
          <p className="text-sm text-red-800">{errorOf(answer, "drafts", "month")}</p>
        ) : null}
      </Form>
      <p className="basis-full text-sm text-stone-600">{t("billing.createDraftsHint")}</p>
    </div>
  );
}

function Overdue({ overview, month }: { overview: BillingOverview; month: string }) {
  const t = useAdminT();
  return (
    <Card title={t("billing.overdue")} titleId="billing-overdue">
      {overview.overdue.length === 0 ? (
        <p className="text-stone-600">{t("billing.overdueEmpty")}</p>
      ) : (
        <ul className="divide-y divide-stone-200 text-sm">
          {overview.overdue.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {t("billing.overdueLine", {
                  number: o.number,
                  owner: o.ownerName,
                  due: formatDanishDate(o.dueDate),
                  amount: formatDkk(o.outstandingOere),
                })}
              </span>
              <Link to={tabPath(month, { doc: o.id })} className={buttonClass.small}>
                {t("billing.openDocument", { kind: t("billing.kind.invoice"), number: o.number })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Money({ oere }: { oere: number }) {
  return <span className="whitespace-nowrap tabular-nums">{formatDkk(oere)}</span>;
}

function Drafts({ overview, answer }: { overview: BillingOverview; answer: AdminActionData | undefined }) {
  const t = useAdminT();
  const { drafts, month } = overview;
  return (
    <Card title={t("billing.drafts")} titleId="billing-drafts">
      {overview.otherMonths.length ? (
        <p className="mb-3 text-sm text-stone-700">
          {t("billing.otherMonths")}{" "}
          {overview.otherMonths.map((o, i) => (
            <span key={o.month}>
              {i > 0 ? ", " : ""}
              <Link to={tabPath(o.month)} className="text-brand-700 underline">
                {t("billing.otherMonth", { month: o.month, count: o.drafts })}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {drafts.length === 0 ? (
        <p className="text-stone-600">{t("billing.draftsEmpty")}</p>
      ) : (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="issue" />
          <input type="hidden" name="month" value={month} />
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <TableHead
                className="text-stone-600"
                columns={[
                  { label: t("billing.issueChosen"), srOnly: true, className: "pr-2" },
                  { label: t("billing.owner") },
                  { label: t("billing.draftMonth") },
                  { label: t("billing.lineCount") },
                  { label: t("billing.net"), align: "right" },
                  { label: t("billing.vat"), align: "right" },
                  { label: t("billing.total"), align: "right" },
                  { label: "" },
                ]}
              />
              <tbody className="divide-y divide-stone-200">
                {drafts.map((d) => (
                  <tr key={d.id}>
                    <td className="py-2 pr-2">
                      <input
                        type="checkbox"
                        name={`${PICK}${d.id}`}
                        aria-label={t("billing.choose", { owner: d.ownerName })}
                      />
                    </td>
                    <td className="py-2 pr-4 font-medium text-stone-900">{d.ownerName}</td>
                    <td className="py-2 pr-4">{d.runMonth ?? `${d.period.start} – ${d.period.end}`}</td>
                    <td className="py-2 pr-4">{d.lines.length}</td>
                    <td className="py-2 pr-4 text-right">
                      <Money oere={d.totals.netOere} />
                    </td>
                    <td className="py-2 pr-4 text-right">
                      <Money oere={d.totals.vatOere} />
                    </td>
                    <td className="py-2 pr-4 text-right font-semibold">
                      <Money oere={d.totals.totalOere} />
                    </td>
                    <td className="py-2 text-right">
                      <Link
                        to={tabPath(month, { open: d.id })}
                        preventScrollReset
                        className={buttonClass.small}
                        aria-label={t("billing.openDraft", { owner: d.ownerName })}
                      >
                        {t("billing.open")}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-stone-300 font-semibold">
                <tr>
                  <td />
                  <td className="py-2 pr-4" colSpan={3}>
                    {t("billing.stableTotal")}
                  </td>
                  <td className="py-2 pr-4 text-right">
                    <Money oere={overview.stable.netOere} />
                  </td>
                  <td className="py-2 pr-4 text-right">
                    <Money oere={overview.stable.vatOere} />
                  </td>
                  <td className="py-2 pr-4 text-right">
                    <Money oere={overview.stable.totalOere} />
                  </td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
          {answer?.intent === "issue" && answer.errors?.drafts ? (
            <p role="alert" className="text-sm text-red-800">
              {answer.errors.drafts}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.secondary}>
              {t("billing.issueChosen")}
            </button>
            <button type="submit" name="all" value="1" className={buttonClass.primary}>
              {t("billing.issueAll")}
            </button>
          </div>
          <ByHorse rows={overview.byHorse} />
        </Form>
      )}
    </Card>
  );
}

function ByHorse({ rows }: { rows: BillingOverview["byHorse"] }) {
  const t = useAdminT();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="billing-by-horse">
      <h3 id="billing-by-horse" className="mb-2 font-sans text-base font-semibold text-stone-900">
        {t("billing.byHorse")}
      </h3>
      <table className="text-sm">
        <thead className="text-stone-600">
          <tr>
            <th className="py-1 pr-6 text-left">{t("billing.horse")}</th>
            <th className="py-1 text-right">{t("billing.net")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.horse}>
              <td className="py-1 pr-6">{row.horse || t("billing.noHorse")}</td>
              <td className="py-1 text-right">
                <Money oere={row.netOere} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The fields of a line, in one row: description, quantity, unit, price, share, VAT. */
function LineFields({
  line,
  errors,
  values,
}: {
  line?: DraftRow["lines"][number];
  errors: (field: string) => string | undefined;
  values?: Record<string, string>;
}) {
  const t = useAdminT();
  const value = (field: string, fallback: string) => values?.[field] ?? fallback;
  return (
    <div className="grid gap-2 sm:grid-cols-6">
      <div className="sm:col-span-2">
        <Field
          label={t("billing.description")}
          name="description"
          defaultValue={value("description", line?.description ?? "")}
          error={errors("description")}
          required
          maxLength={500}
        />
      </div>
      <Field
        label={t("billing.quantity")}
        name="quantity"
        inputMode="decimal"
        defaultValue={value("quantity", line ? line.quantity.replace(".", ",") : "1")}
        error={errors("quantity")}
        required
      />
      <SelectField label={t("billing.unit")} name="unit" defaultValue={value("unit", line?.unit ?? "piece")}>
        <option value="piece">{t("billing.unit.piece")}</option>
        <option value="day">{t("billing.unit.day")}</option>
      </SelectField>
      <Field
        label={t("billing.unitPrice")}
        name="unitPrice"
        inputMode="decimal"
        defaultValue={value("unitPrice", line ? formatAmount(line.unitPriceOere) : "")}
        error={errors("unitPrice")}
        required
      />
      <Field
        label={t("billing.share")}
        name="share"
        inputMode="decimal"
        defaultValue={value(
          "share",
          line?.shareHundredths == null ? "" : sharePercentText(line.shareHundredths).replace(".", ","),
        )}
        error={errors("share")}
      />
      <SelectField label={t("billing.vatKind")} name="vat" defaultValue={value("vat", line?.vat ?? "standard")}>
        <option value="standard">{t("billing.vat.standard")}</option>
        <option value="outlay">{t("billing.vat.outlay")}</option>
      </SelectField>
    </div>
  );
}

function OpenDraft({ draft, month, answer }: { draft: DraftRow; month: string; answer: AdminActionData | undefined }) {
  const t = useAdminT();
  const mine = (intentName: string, key: string, id: string) =>
    answer && answer.intent === intentName && answer.values[key] === id ? answer : undefined;
  return (
    <section
      id="draft"
      aria-labelledby="draft-heading"
      className="scroll-mt-24 rounded-xl border-2 border-brand-300 bg-white p-5 shadow-sm"
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="draft-heading" tabIndex={-1} className="text-xl font-bold text-brand-900">
          {t("billing.draft", { owner: draft.ownerName })}
        </h2>
        <Link to={tabPath(month)} className={buttonClass.small}>
          {t("billing.close")}
        </Link>
      </div>
      <p className="mb-4 text-sm text-stone-700">
        {t("billing.period")}: {formatDanishDate(draft.period.start)} – {formatDanishDate(draft.period.end)} ·{" "}
        {t("billing.total")}: <Money oere={draft.totals.totalOere} />
      </p>
      <ol className="space-y-4">
        {draft.lines.map((line) => {
          const own = mine("line-update", "lineId", line.id) ?? mine("line-remove", "lineId", line.id);
          return (
            <li key={line.id} className="rounded-lg border border-stone-200 p-3">
              <Form method="post" className="space-y-2" aria-label={line.description}>
                <input type="hidden" name="lineId" value={line.id} />
                <input type="hidden" name="month" value={month} />
                <LineFields line={line} errors={(f) => own?.errors?.[f]} values={own?.values} />
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm text-stone-700">
                    {line.horseName ? `${line.horseName} · ` : ""}
                    {t("billing.net")}: <Money oere={line.netOere} />
                  </span>
                  <button type="submit" name="intent" value="line-update" className={buttonClass.small}>
                    {t("billing.saveLine")}
                  </button>
                  <button type="submit" name="_intent" value="line-remove" formNoValidate className={buttonClass.small}>
                    {t("billing.removeLine")}
                  </button>
                </div>
              </Form>
            </li>
          );
        })}
      </ol>
      <Form method="post" className="mt-6 space-y-2 rounded-lg bg-stone-50 p-3">
        <h3 className="font-sans text-base font-semibold text-stone-900">{t("billing.addLine")}</h3>
        <input type="hidden" name="invoiceId" value={draft.id} />
        <input type="hidden" name="month" value={month} />
        <LineFields
          errors={(f) => mine("line-add", "invoiceId", draft.id)?.errors?.[f]}
          values={mine("line-add", "invoiceId", draft.id)?.values}
        />
        <button type="submit" name="intent" value="line-add" className={buttonClass.secondary}>
          {t("billing.addLine")}
        </button>
      </Form>
      <Form method="post" className="mt-6 space-y-2">
        <input type="hidden" name="invoiceId" value={draft.id} />
        <input type="hidden" name="month" value={month} />
        <TextAreaField
          label={t("billing.note")}
          name="note"
          rows={2}
          maxLength={1000}
          defaultValue={draft.note ?? ""}
          error={mine("note", "invoiceId", draft.id)?.errors?.note}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="note" className={buttonClass.secondary}>
            {t("billing.saveNote")}
          </button>
          <button type="submit" name="_intent" value="delete-draft" className={buttonClass.small}>
            {t("billing.deleteDraft")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function kindText(t: AdminTranslate, kind: DocumentRow["kind"]) {
  return t(kind === "invoice" ? "billing.kind.invoice" : "billing.kind.credit-note");
}

const STATUS_CLASS: Record<string, string> = {
  due: "bg-sky-100 text-sky-900",
  overdue: "bg-red-100 text-red-900",
  "part-paid": "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  credited: "bg-stone-200 text-stone-900",
};

/** A document's file under the download's address: "12.pdf", "12.xml". */
const documentPath = (name: string) => pathTo("admin/billing-document").replace(/\*$/, name);

function DocumentLinks({ number, kind }: { number: string; kind: DocumentRow["kind"] }) {
  const t = useAdminT();
  const values = { kind: kindText(t, kind), number };
  return (
    <>
      <a
        href={documentPath(`${number}.pdf`)}
        className="text-brand-700 underline"
        aria-label={t("billing.pdfOf", values)}
        download
      >
        {t("billing.pdf")}
      </a>{" "}
      <a
        href={documentPath(`${number}.xml`)}
        className="text-brand-700 underline"
        aria-label={t("billing.ublOf", values)}
        download
      >
        {t("billing.ubl")}
      </a>
    </>
  );
}

function Documents({ documents, month }: { documents: DocumentRow[]; month: string }) {
  const t = useAdminT();
  return (
    <Card title={t("billing.documents")} titleId="billing-documents">
      {documents.length === 0 ? (
        <p className="text-stone-600">{t("billing.documentsEmpty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead
              className="text-stone-600"
              columns={[
                { label: t("billing.number") },
                { label: t("billing.owner") },
                { label: t("billing.issueDate") },
                { label: t("billing.dueDate") },
                { label: t("billing.total"), align: "right" },
                { label: t("billing.status") },
                { label: "" },
              ]}
            />
            <tbody className="divide-y divide-stone-200">
              {documents.map((d) => (
                <tr key={d.id}>
                  <td className="py-2 pr-4">
                    <span className="font-medium text-stone-900">
                      {kindText(t, d.kind)} {d.number}
                    </span>
                    {d.creditedNumber ? (
                      <span className="block text-stone-600">{t("billing.credits", { number: d.creditedNumber })}</span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-4">{d.ownerName}</td>
                  <td className="py-2 pr-4">{d.issueDate ? formatDanishDate(d.issueDate) : ""}</td>
                  <td className="py-2 pr-4">{d.kind === "invoice" && d.dueDate ? formatDanishDate(d.dueDate) : ""}</td>
                  <td className="py-2 pr-4 text-right">
                    <Money oere={d.totalOere} />
                  </td>
                  <td className="py-2 pr-4">
                    {d.standing ? (
                      <span className={cn("rounded-full px-2 py-0.5 font-medium", STATUS_CLASS[d.standing.status])}>
                        {t(`billing.status.${d.standing.status}`)}
                      </span>
                    ) : null}
                  </td>
                  <td className="space-x-2 whitespace-nowrap py-2 text-right">
                    <DocumentLinks number={d.number!} kind={d.kind} />
                    {d.kind === "invoice" ? (
                      <Link
                        to={tabPath(month, { doc: d.id })}
                        preventScrollReset
                        className={buttonClass.small}
                        aria-label={t("billing.openDocument", { kind: kindText(t, d.kind), number: d.number! })}
                      >
                        {t("billing.open")}
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function OpenDoc({
  doc,
  month,
  today,
  answer,
}: {
  doc: OpenDocument;
  month: string;
  today: string;
  answer: AdminActionData | undefined;
}) {
  const t = useAdminT();
  const { invoice, standing, payments, creditedLineIds } = doc;
  const credited = new Set(creditedLineIds);
  const payErrors = answer?.intent === "payment" ? answer.errors : undefined;
  const outstanding = standing?.outstandingOere ?? 0;
  return (
    <section
      id="document"
      aria-labelledby="document-heading"
      className="scroll-mt-24 rounded-xl border-2 border-brand-300 bg-white p-5 shadow-sm"
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="document-heading" tabIndex={-1} className="text-xl font-bold text-brand-900">
          {t("billing.document", {
            kind: kindText(t, invoice.kind),
            number: invoice.number!,
            owner: invoice.ownerName,
          })}
        </h2>
        <Link to={tabPath(month)} className={buttonClass.small}>
          {t("billing.close")}
        </Link>
      </div>
      {standing ? (
        <p className="mb-4 text-sm text-stone-800">
          {t("billing.status")}:{" "}
          <span className={cn("rounded-full px-2 py-0.5 font-medium", STATUS_CLASS[standing.status])}>
            {t(`billing.status.${standing.status}`)}
          </span>{" "}
          · {t("billing.total")}: <Money oere={standing.totalOere} /> · {t("billing.outstanding")}:{" "}
          <Money oere={outstanding} />
        </p>
      ) : null}
      {payments.length ? (
        <div className="mb-4 text-sm">
          <h3 className="font-sans font-semibold text-stone-900">{t("billing.payments")}</h3>
          <ul>
            {payments.map((p) => (
              <li key={p.id}>
                {formatDanishDate(p.paidOn)}: <Money oere={p.amountOere} />
                {p.note ? ` · ${p.note}` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {outstanding > 0 ? (
        <Form method="post" className="mb-6 space-y-2 rounded-lg bg-stone-50 p-3">
          <h3 className="font-sans text-base font-semibold text-stone-900">{t("billing.payment")}</h3>
          <input type="hidden" name="invoiceId" value={invoice.id} />
          <input type="hidden" name="month" value={month} />
          <div className="grid gap-2 sm:grid-cols-3">
            <Field
              label={t("billing.paidOn")}
              name="paidOn"
              type="date"
              defaultValue={answer?.intent === "payment" ? answer.values.paidOn : today}
              error={payErrors?.paidOn}
              required
            />
            <Field
              label={t("billing.amount")}
              name="amount"
              inputMode="decimal"
              hint={t("billing.amountHint", { amount: formatDkk(outstanding) })}
              defaultValue={answer?.intent === "payment" ? answer.values.amount : ""}
              error={payErrors?.amount}
            />
            <Field label={t("billing.paymentNote")} name="note" maxLength={500} />
          </div>
          <button type="submit" name="intent" value="payment" className={buttonClass.primary}>
            {t("billing.recordPayment")}
          </button>
        </Form>
      ) : null}
      <Form method="post" className="space-y-2 rounded-lg bg-stone-50 p-3">
        <h3 className="font-sans text-base font-semibold text-stone-900">{t("billing.credit")}</h3>
        <p className="text-sm text-stone-600">{t("billing.creditHint")}</p>
        <input type="hidden" name="intent" value="credit" />
        <input type="hidden" name="invoiceId" value={invoice.id} />
        <input type="hidden" name="month" value={month} />
        <ul className="divide-y divide-stone-200 text-sm">
          {invoice.lines.map((line) => (
            <li key={line.id} className="flex items-center gap-3 py-2">
              <input
                type="checkbox"
                name={`${CREDIT_LINE}${line.id}`}
                disabled={credited.has(line.id)}
                aria-label={`${t("billing.creditLine")}: ${line.description}`}
              />
              <span className="flex-1">
                {line.description}
                {line.horseName ? ` · ${line.horseName}` : ""}
              </span>
              <Money oere={line.netOere} />
              {credited.has(line.id) ? <span className="text-stone-600">({t("billing.lineCredited")})</span> : null}
            </li>
          ))}
        </ul>
        <Field label={t("billing.creditNote")} name="note" maxLength={500} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass.secondary}>
            {t("billing.creditChosen")}
          </button>
          <button type="submit" name="all" value="1" className={buttonClass.secondary}>
            {t("billing.creditAll")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function Export({ period }: { period: Data["exportPeriod"] }) {
  const t = useAdminT();
  return (
    <Card title={t("billing.export")} titleId="billing-export">
      <p className="mb-3 text-sm text-stone-600">{t("billing.exportHint")}</p>
      <form method="get" action={pathTo("admin/billing-export")} className="flex flex-wrap items-end gap-3">
        <Field label={t("billing.from")} name="from" type="date" defaultValue={period.from} required />
        <Field label={t("billing.to")} name="to" type="date" defaultValue={period.to} required />
        <SelectField label={t("billing.exportFile")} name="file" defaultValue="documents">
          <option value="documents">{t("billing.exportDocuments")}</option>
          <option value="lines">{t("billing.exportLines")}</option>
        </SelectField>
        <button type="submit" className={buttonClass.secondary}>
          {t("billing.download")}
        </button>
      </form>
    </Card>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "tabs.billing");
