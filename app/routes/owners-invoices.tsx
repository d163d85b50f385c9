import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/owners-invoices";
import { countAttempt, type LimitVerdict } from "~/auth/auth-limits.server";
import { requireOwner } from "~/auth/auth.server";
import { formatLongDate, formatPeriod, formatShortDate } from "~/billing/document-texts";
import { TableHead } from "~/components/table-head";
import { ReadFailed } from "~/components/read-failed";
import { PageSection } from "~/components/page-section";
import { SubmitButton } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { translator, type Translate } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { useLang, useT } from "~/i18n/use-lang";
import { CATEGORY_NAMES } from "~/models/billing-terms";
import { decideOnCost, InvalidCostError } from "~/models/cost.server";
import { listVisibleHorses } from "~/models/owner-access.server";
import { stableNameFrom } from "~/models/site-settings";
import { questionKeys, questionRecipientKeys, queueCostQuestion } from "~/owners/cost-question.server";
import {
  costsAwaiting,
  ownerDocuments,
  plannedCostOf,
  yearStatement,
  type AwaitingCost,
  type HorseStatement,
  type OwnerDocument,
} from "~/owners/owner-billing.server";
import { kroner, QUESTION_MAX } from "~/owners/owner-money";
import { OwnerPage } from "~/owners/owner-parts";
import {
  ownersAction,
  pageTexts,
  PRIVATE,
  privateHeaders,
  turnedDown,
  type OwnerActionData,
} from "~/owners/owner-page.server";
import { pathTo } from "~/pages/registry";
import { runAs } from "~/platform/actor.server";
import { clientNetwork } from "~/platform/client-ip.server";
import { faultOf, FAULT_STATUS } from "~/platform/faults.server";
import { readForm } from "~/platform/form-data.server";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { FAILED_READ_INIT, readForPage } from "~/platform/public-read.server";
import { danishToday } from "~/racing/race-day";
import { seo } from "~/seo/seo";
import { redirectWithToast } from "~/toast/toast.server";
import { cn } from "~/utils/cn";

/**
 * Invoices (decision 0295): the owner's issued invoices and credit notes with where each stands and
 * its PDF and e-invoice, the year so far per horse, and the planned costs awaiting their approval.
 * An owner's own only: a guest sees none of the money (404), as anything not theirs.
 */

/** A guest's host pays: the money is not theirs to see. */
function notAGuest(user: Awaited<ReturnType<typeof requireOwner>>) {
  if (user.owner.role !== "owner") throw new Response("Not Found", { status: 404, headers: PRIVATE });
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireOwner(request);
  notAGuest(user);
  const today = danishToday();
  const read = await readForPage("an owner's invoices", async () => {
    const horses = await listVisibleHorses(user.id);
    const [documents, statement, awaiting] = await Promise.all([
      ownerDocuments(user.id, today),
      yearStatement(user.id, today, horses),
      costsAwaiting(user.id, today),
    ]);
    return { documents, statement, awaiting };
  });
  if (!read.ok)
    return data({ state: "failed" as const, year: today.slice(0, 4) }, { ...FAILED_READ_INIT, headers: PRIVATE });
  return data({ state: "ok" as const, year: today.slice(0, 4), ...read.value }, { headers: PRIVATE });
}

const costId = z.string().uuid();
const approveSchema = z.object({ id: costId });
const questionSchema = z.object({
  id: costId,
  question: z
    .string({ error: "owners.questionRequired" })
    .trim()
    .min(1, "owners.questionRequired")
    .max(QUESTION_MAX, "owners.questionTooLong"),
});

type Owner = Awaited<ReturnType<typeof requireOwner>>;

async function answer(request: Request, user: Owner, values: Record<string, string>, t: Translate) {
  const intent = values.intent ?? "";
  const refuse = (status: number, more: { errors?: Record<string, string>; toast?: string } = {}, headers = {}) =>
    turnedDown(t, { intent, values, ...more }, status, headers);
  const done = (title: string, description: string) =>
    redirectWithToast(new URL(request.url).pathname, { type: "success", title, description });

  if (intent === "approve-cost") {
    const parsed = approveSchema.safeParse(values);
    if (!parsed.success) return refuse(404);
    const decided = await decideOnCost(user.id, parsed.data.id, { state: "approved" });
    if (!decided) return refuse(404);
    return done(t("owners.costApproved"), t("owners.costApprovedText"));
  }
  if (intent === "ask-cost") {
    const parsed = questionSchema.safeParse(values);
    if (!parsed.success) {
      if (!costId.safeParse(values.id).success) return refuse(404);
      const message = parsed.error.issues.find((i) => i.path[0] === "question")?.message;
      return refuse(400, {
        errors: { question: message ? t(message as "owners.questionRequired", { max: QUESTION_MAX }) : "" },
      });
    }
    // Someone else's cost, or none, is a 404 that counts nothing; one's own counts (decision 0221).
    const cost = await plannedCostOf(user.id, parsed.data.id);
    if (!cost) return refuse(404);
    const tooMany = (verdict: LimitVerdict) =>
      verdict.allowed
        ? null
        : refuse(429, { toast: t("owners.questionLimited") }, { "Retry-After": String(verdict.retryAfterSeconds) });
    const limited =
      tooMany(await countAttempt(questionKeys(user.id, clientNetwork(request)))) ??
      tooMany(await countAttempt(questionRecipientKeys()));
    if (limited) return limited;
    const decided = await decideOnCost(user.id, cost.id, { state: "question", question: parsed.data.question });
    if (!decided) return refuse(404);
    await queueCostQuestion({ name: user.owner.name, email: user.email }, cost, parsed.data.question);
    return done(t("owners.questionSent"), t("owners.questionSentText"));
  }
  return refuse(400);
}

const FAILURES = {
  "approve-cost": "owners.approveFailed",
  "ask-cost": "owners.questionFailed",
} as const;

export const action = ownersAction(Object.keys(FAILURES), async ({ request }: Route.ActionArgs) => {
  const user = await requireOwner(request);
  notAGuest(user);
  const { t } = pageTexts(request);
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in values)) values[key] = value;
  try {
    // In the owner's own name: the activity log and the Billing tab say who approved or asked, and when.
    const actor = { userId: user.id, email: user.email, via: "owners" as const, origin: publicOrigin(request) };
    return await runAs(actor, () => answer(request, user, values, t));
  } catch (error) {
    if (error instanceof InvalidCostError) return turnedDown(t, { intent: values.intent ?? "", values }, 400);
    const fault = faultOf(error);
    log.error("an owner's invoices form failed", { error, intent: values.intent });
    const failure = FAILURES[values.intent as keyof typeof FAILURES] ?? "owners.approveFailed";
    return turnedDown(
      t,
      { intent: values.intent ?? "", values, toast: t(failure) },
      fault ? FAULT_STATUS[fault.kind] : 500,
    );
  }
});

export const headers = privateHeaders;

export default function OwnerInvoicesPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const answer = actionData as OwnerActionData | undefined;
  return (
    <OwnerPage toasts={[answer?.toast]}>
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold text-brand-900 sm:text-5xl">{t("owners.invoices")}</h1>
        <p className="mt-3 text-lg text-stone-700">{t("owners.invoicesIntro")}</p>
      </header>
      {loaderData.state === "failed" ? (
        <ReadFailed heading={t("owners.invoicesErrorHeading")} text={t("owners.invoicesErrorText")} />
      ) : (
        <>
          {loaderData.awaiting.length > 0 ? <Awaiting costs={loaderData.awaiting} answer={answer} /> : null}
          <PageSection id="documents" title={t("owners.documents")} className="mt-10">
            <Documents documents={loaderData.documents} />
          </PageSection>
          <PageSection id="statement" title={t("owners.statement", { year: loaderData.year })} className="mt-14">
            <Statement rows={loaderData.statement} />
          </PageSection>
        </>
      )}
    </OwnerPage>
  );
}

const STATUS_STYLE: Record<string, string> = {
  due: "bg-amber-100 text-amber-950",
  overdue: "bg-red-100 text-red-900",
  "part-paid": "bg-sky-100 text-sky-950",
  paid: "bg-emerald-100 text-emerald-900",
  credited: "bg-stone-200 text-stone-900",
  "credit-note": "bg-stone-100 text-stone-800",
};

function Documents({ documents }: { documents: OwnerDocument[] }) {
  const t = useT();
  const lang = useLang();
  if (documents.length === 0) return <p className="mt-4 text-stone-700">{t("owners.documentsEmpty")}</p>;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <TableHead
          className="border-b border-stone-300 text-stone-700"
          cellClassName="font-semibold"
          columns={[
            { label: t("owners.docNumber") },
            { label: t("owners.docDate") },
            { label: t("owners.docPeriod") },
            { label: t("owners.docAmount"), align: "right" },
            { label: t("owners.docStatus") },
            { label: t("owners.docFiles") },
          ]}
        />
        <tbody className="divide-y divide-stone-200">
          {documents.map((doc) => {
            const status = doc.kind === "credit-note" ? "credit-note" : (doc.status ?? "due");
            const label =
              doc.kind === "credit-note"
                ? t("owners.creditNoteFor", { number: doc.credits ?? "" })
                : t(`owners.invoiceStatus.${doc.status ?? "due"}`);
            const name = t(doc.kind === "credit-note" ? "owners.creditNoteNo" : "owners.invoiceNo", {
              number: doc.number,
            });
            return (
              <tr key={doc.id}>
                <th scope="row" className="py-3 pr-4 font-semibold text-stone-900">
                  {name}
                </th>
                <td className="py-3 pr-4 whitespace-nowrap">{formatLongDate(doc.issueDate, lang)}</td>
                <td className="py-3 pr-4 whitespace-nowrap">{formatPeriod(doc.period, lang, formatShortDate)}</td>
                <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">
                  {doc.kind === "credit-note" ? `−${kroner(doc.totalOere)}` : kroner(doc.totalOere)}
                </td>
                <td className="py-3 pr-4">
                  <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", STATUS_STYLE[status])}>
                    {label}
                  </span>
                  {doc.kind === "invoice" && doc.status !== "paid" && doc.status !== "credited" ? (
                    <span className="mt-1 block text-xs text-stone-600">
                      {t("owners.dueOn", { date: formatLongDate(doc.dueDate, lang) })}
                    </span>
                  ) : null}
                </td>
                <td className="py-3">
                  <span className="flex flex-wrap gap-3">
                    <a
                      href={pathTo("owners-invoice-pdf", { id: doc.id })}
                      download
                      className="font-medium text-brand-800 underline underline-offset-2"
                      aria-label={t("owners.downloadPdf", { name })}
                    >
                      PDF
                    </a>
                    <a
                      href={pathTo("owners-invoice-xml", { id: doc.id })}
                      download
                      className="font-medium text-brand-800 underline underline-offset-2"
                      aria-label={t("owners.downloadXml", { name })}
                    >
                      {t("owners.eInvoice")}
                    </a>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Statement({ rows }: { rows: HorseStatement[] }) {
  const t = useT();
  const lang = useLang();
  if (rows.length === 0) return <p className="mt-4 text-stone-700">{t("owners.statementEmpty")}</p>;
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm text-stone-700">{t("owners.statementNote")}</p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <TableHead
            className="border-b border-stone-300 text-stone-700"
            cellClassName="font-semibold"
            columns={[
              { label: t("owners.horse") },
              { label: t("owners.fees"), align: "right" },
              { label: t("owners.costs"), align: "right" },
              { label: t("owners.credits"), align: "right" },
              { label: t("owners.prizeShare"), align: "right" },
            ]}
          />
          <tbody className="divide-y divide-stone-200">
            {rows.map((r) => (
              <tr key={r.horseId}>
                <th scope="row" className="py-3 pr-4 font-semibold text-stone-900">
                  {r.horseName}
                </th>
                <td className="py-3 pr-4 text-right tabular-nums">{kroner(r.feesOere)}</td>
                <td className="py-3 pr-4 text-right tabular-nums">{kroner(r.costsOere)}</td>
                <td className="py-3 pr-4 text-right tabular-nums">
                  {r.creditsOere ? `−${kroner(r.creditsOere)}` : kroner(0)}
                </td>
                <td className="py-3 text-right tabular-nums">{kroner(r.prizeOere)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.some((r) => r.prizes.length > 0) ? (
        <div>
          <h3 className="text-lg font-semibold text-brand-900">{t("owners.prizesHeading")}</h3>
          <ul className="mt-2 space-y-1 text-sm text-stone-800">
            {rows.flatMap((r) =>
              r.prizes.map((p, i) => (
                <li key={`${r.horseId}-${i}`}>
                  {t("owners.prizeLine", {
                    horse: r.horseName,
                    race: p.raceName,
                    date: formatLongDate(p.raceDate, lang),
                    prize: kroner(p.prizeOere),
                    share: (p.shareHundredths / 100).toLocaleString("da-DK", { maximumFractionDigits: 2 }),
                    part: kroner(p.partOere),
                  })}
                </li>
              )),
            )}
          </ul>
        </div>
      ) : null}
      <p role="note" className="rounded-md bg-stone-100 p-3 text-sm text-stone-800">
        {t("owners.prizeNote")}
      </p>
    </div>
  );
}

function Awaiting({ costs, answer }: { costs: AwaitingCost[]; answer: OwnerActionData | undefined }) {
  const t = useT();
  return (
    <PageSection id="approvals" title={t("owners.awaiting")} className="mt-10">
      <p className="mt-4 text-stone-700">{t("owners.awaitingIntro")}</p>
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">
        {costs.map((cost) => (
          <AwaitingCard key={cost.costId} cost={cost} answer={answer?.values.id === cost.costId ? answer : undefined} />
        ))}
      </ul>
    </PageSection>
  );
}

function AwaitingCard({ cost, answer }: { cost: AwaitingCost; answer: OwnerActionData | undefined }) {
  const t = useT();
  const lang = useLang();
  const approving = useSubmitting("approve-cost", cost.costId);
  const asking = useSubmitting("ask-cost", cost.costId);
  const headingId = `cost-${cost.costId}`;
  const what = cost.description.trim()
    ? `${CATEGORY_NAMES[lang][cost.category]}: ${cost.description.trim()}`
    : CATEGORY_NAMES[lang][cost.category];
  return (
    <li className="rounded-xl border border-amber-300 bg-white p-5 shadow-sm">
      <article aria-labelledby={headingId} className="space-y-3">
        <h3 id={headingId} className="text-lg font-bold text-brand-900">
          {what}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">{t("owners.costDate")}</dt>
          <dd>{formatLongDate(cost.date, lang)}</dd>
          <dt className="text-stone-600">{t("owners.costHorses")}</dt>
          <dd>{cost.horseNames.join(", ")}</dd>
          <dt className="text-stone-600">{t("owners.costYourPart")}</dt>
          <dd className="font-semibold tabular-nums">
            {t(cost.vat === "outlay" ? "owners.costPartOutlay" : "owners.costPartVat", {
              amount: kroner(cost.grossOere),
            })}
          </dd>
          <dt className="text-stone-600">{t("owners.costLimit")}</dt>
          <dd className="tabular-nums">{kroner(cost.limitOere)}</dd>
        </dl>
        {cost.hasReceipt ? (
          <p>
            <a
              href={pathTo("owners-receipt", { id: cost.costId })}
              className="text-sm font-medium text-brand-800 underline underline-offset-2"
              aria-label={t("owners.receiptOf", { cost: what })}
            >
              {t("owners.receipt")}
            </a>
          </p>
        ) : null}
        {cost.question && cost.askedAt ? (
          <p className="rounded-md bg-stone-100 p-3 text-sm text-stone-800">
            {t("owners.youAsked", { date: formatLongDate(cost.askedAt.slice(0, 10), lang) })}{" "}
            <span className="break-words whitespace-pre-line">{cost.question}</span>
          </p>
        ) : null}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="approve-cost" />
          <input type="hidden" name="id" value={cost.costId} />
          <SubmitButton
            busy={approving}
            busyLabel={t("owners.saving")}
            aria-label={t("owners.approveLabel", { cost: what })}
          >
            {t("owners.approve")}
          </SubmitButton>
        </Form>
        <Form method="post" preventScrollReset className="space-y-2" noValidate>
          <input type="hidden" name="intent" value="ask-cost" />
          <input type="hidden" name="id" value={cost.costId} />
          <TextAreaField
            label={t("owners.question")}
            name="question"
            rows={3}
            required
            maxLength={QUESTION_MAX}
            defaultValue={answer?.intent === "ask-cost" ? (answer.values.question ?? "") : ""}
            error={answer?.intent === "ask-cost" ? answer.errors?.question : undefined}
          />
          <SubmitButton busy={asking} busyLabel={t("owners.sending")} variant="secondary">
            {t("owners.askQuestion")}
          </SubmitButton>
        </Form>
      </article>
    </li>
  );
}

export function meta(args: Route.MetaArgs) {
  const t = translator(langFromPath(args.location.pathname));
  return seo(args, {
    title: t("owners.invoicesMeta", { name: stableNameFrom(args.matches) }),
    description: t("owners.invoicesIntro"),
    noindex: true,
  });
}
