import { Form, Link } from "react-router";
import type { Route } from "./+types/billing-horses";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError, SelectField } from "~/components/ui/field";
import { MoneyField } from "~/components/ui/money-field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { horseFacts } from "~/billing/billing-facts.server";
import { inEffect, shareProblems, STABLE, type HorseFacts } from "~/billing/ledger";
import { msg, type AdminTranslate } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { useLang } from "~/i18n/use-lang";
import {
  addDays,
  FEE_STATUSES,
  HORSE_STATUSES,
  isFeeStatus,
  sharePercentText,
  STATUS_NAMES,
  WHOLE_HUNDREDTHS,
  type HorseStatus,
} from "~/models/billing-terms";
import { listHorses } from "~/models/horse.server";
import { InvalidSharesError, removeShareSet, saveShareSet } from "~/models/horse-share.server";
import {
  getDayRates,
  removeHorseStatus,
  saveDayRates,
  setHorseRate,
  setHorseStatus,
  type DayRates,
} from "~/models/horse-status.server";
import { listOwners } from "~/models/owner-account.server";
import { danishToday } from "~/racing/race-day";
import { formatAmount, formatDay, formatDkk } from "~/racing/format";
import { showInvisible } from "~/utils/visible-text";
import { adminAction, intent, type Refusal } from "./+shared/admin-action.server";
import {
  dayRatesSchema,
  horseDateSchema,
  horseRateSchema,
  horseSharesSchema,
  horseStatusSchema,
  SHARE_ROWS,
  STABLE_PART,
} from "./+shared/billing-forms";
import { adminMeta } from "./+shared/admin-meta";
import { BillingSetupLinks } from "./+shared/billing-links";
import { IntentForm, SaveOrCancel, useRecordForm } from "./+shared/form-parts";
import { openTab, readForTab } from "./+shared/tab-reads.server";
import { TabPage, useTabForms } from "./+shared/tab-parts";

/**
 * Fees and Shares (/admin/billing/horses): the standard day rates, and per horse its status from
 * each date, its own rate at a status from a date and who owns which part of it from each date,
 * with the days on which a horse's parts do not add up to 100 % (decision 0283).
 */

const PAGE = "/admin/billing/horses";
const horsePage = (horseId: string) => `${PAGE}?horse=${encodeURIComponent(horseId)}`;

/** How far past today (or the last fact) a wrong set of parts is looked at: a range reaching it is "from … on". */
const HORIZON_DAYS = 366;

type Problem = { horseId: string; horseName: string; start: string; end: string | null; total: number };

/** The days of every horse whose parts do not add up to 100 %, from its first fact on. */
function problemsOf(facts: HorseFacts[], today: string): Problem[] {
  return facts.flatMap((horse) => {
    const dates = [...horse.shares, ...horse.statuses].map((f) => f.validFrom).sort();
    if (dates.length === 0) return [];
    const end = addDays(dates[dates.length - 1]! > today ? dates[dates.length - 1]! : today, HORIZON_DAYS);
    return shareProblems(horse, { start: dates[0]!, end }).flatMap((p) =>
      p.kind === "shares"
        ? [
            {
              horseId: p.horseId,
              horseName: p.horseName,
              start: p.start,
              end: p.end === end ? null : p.end,
              total: p.totalHundredths,
            },
          ]
        : [],
    );
  });
}

async function readPage(horseId: string | null) {
  const today = danishToday();
  const [horses, rates, facts, owners] = await Promise.all([listHorses(), getDayRates(), horseFacts(), listOwners()]);
  const chosen = horseId ? horses.find((h) => h.id === horseId) : undefined;
  const chosenFacts: HorseFacts | undefined = chosen
    ? (facts.find((f) => f.horseId === chosen.id) ?? {
        horseId: chosen.id,
        horseName: chosen.name,
        statuses: [],
        shares: [],
        overrides: [],
      })
    : undefined;
  return {
    today,
    rates,
    horses: horses.map((h) => ({ id: h.id, name: h.name })).sort((a, b) => a.name.localeCompare(b.name, "da")),
    owners: owners.map((o) => ({ id: o.userId, name: o.name })),
    problems: problemsOf(facts, today),
    chosen: chosenFacts ?? null,
    unknownHorse: !!horseId && !chosen,
  };
}

type PageData = Awaited<ReturnType<typeof readPage>>;

const EMPTY: PageData = {
  today: "",
  rates: { training: null, "pre-training": null, resting: null },
  horses: [],
  owners: [],
  problems: [],
  chosen: null,
  unknownHorse: false,
};

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const horseId = new URL(request.url).searchParams.get("horse")?.slice(0, 100) || null;
  const read = await readForTab(t, "feesShares", () => readPage(horseId), EMPTY);
  return { ...read.value, fetchError: read.error };
}

/** A horse's name for a toast (its id when it is gone). */
async function nameOf(horseId: string) {
  const horses = await listHorses();
  return horses.find((h) => h.id === horseId)?.name ?? horseId;
}

/** The administrator's language, as their texts say it. */
const langOf = (t: AdminTranslate): "en" | "da" => (t("billing.lang") === "da" ? "da" : "en");

const statusName = (t: AdminTranslate, status: HorseStatus) => STATUS_NAMES[langOf(t)][status];

/** A date as the administrator reads it. */
const dayIn = (t: AdminTranslate, day: string) => formatDay(day, langOf(t), day);

export const action = adminAction({
  tab: PAGE,
  otherFailure: "feesShares.ratesFailed",
  intents: {
    rates: intent({
      schema: dayRatesSchema,
      failure: "feesShares.ratesFailed",
      write: async ({ data }) => {
        await saveDayRates(data);
        return true;
      },
      success: { title: "feesShares.ratesSaved", description: "feesShares.ratesSavedText" },
    }),
    status: intent({
      schema: horseStatusSchema,
      failure: "feesShares.statusFailed",
      write: async ({ data }) =>
        (await setHorseStatus(data.horseId, data.validFrom, data.status)) ? nameOf(data.horseId) : null,
      missing: { errors: { horseId: "feesShares.unknownHorse" }, status: 404 },
      success: (horse, { data, t }) => ({
        title: "feesShares.statusSaved",
        description: msg("feesShares.statusSavedText", {
          horse: showInvisible(horse),
          status: statusName(t, data.status),
          date: dayIn(t, data.validFrom),
        }),
        to: horsePage(data.horseId),
      }),
    }),
    "remove-status": intent({
      schema: horseDateSchema,
      failure: "feesShares.statusFailed",
      write: async ({ data }) =>
        (await removeHorseStatus(data.horseId, data.validFrom)) ? nameOf(data.horseId) : null,
      success: (horse, { data, t }) => ({
        title: "feesShares.statusRemoved",
        description: msg("feesShares.statusRemovedText", {
          horse: showInvisible(horse),
          date: dayIn(t, data.validFrom),
        }),
        to: horsePage(data.horseId),
      }),
    }),
    rate: intent({
      schema: horseRateSchema,
      failure: "feesShares.ownRateFailed",
      write: async ({ data }) =>
        (await setHorseRate(data.horseId, data.status, data.validFrom, data.rate)) ? nameOf(data.horseId) : null,
      missing: { errors: { horseId: "feesShares.unknownHorse" }, status: 404 },
      success: (horse, { data, t }) => ({
        title: "feesShares.ownRateSaved",
        description: msg("feesShares.ownRateSavedText", {
          horse: showInvisible(horse),
          status: statusName(t, data.status),
          date: dayIn(t, data.validFrom),
        }),
        to: horsePage(data.horseId),
      }),
    }),
    shares: intent({
      schema: horseSharesSchema,
      failure: "feesShares.sharesFailed",
      write: async ({ data }) => {
        const saved = await saveShareSet(data.horseId, data.validFrom, data.parts);
        return saved && { ...saved, horse: await nameOf(data.horseId) };
      },
      missing: { errors: { horseId: "feesShares.unknownHorse" }, status: 404 },
      refuse: (error): Refusal | undefined => {
        if (!(error instanceof InvalidSharesError)) return undefined;
        if (error.reason === "twice") return { errors: { owner1: "feesShares.ownerTwice" } };
        if (error.reason === "owner") return { errors: { owner1: "feesShares.ownerInvalid" } };
        return { errors: { share1: "feesShares.percentInvalid" } };
      },
      success: (saved, { data, t }) => ({
        title: "feesShares.sharesSaved",
        description:
          saved.totalHundredths === WHOLE_HUNDREDTHS
            ? msg("feesShares.sharesSavedText", { horse: showInvisible(saved.horse), date: dayIn(t, data.validFrom) })
            : msg("feesShares.sharesSavedOff", {
                horse: showInvisible(saved.horse),
                date: dayIn(t, data.validFrom),
                total: percentIn(t, saved.totalHundredths),
              }),
        to: horsePage(data.horseId),
      }),
    }),
    "remove-shares": intent({
      schema: horseDateSchema,
      failure: "feesShares.sharesFailed",
      write: async ({ data }) => ((await removeShareSet(data.horseId, data.validFrom)) ? nameOf(data.horseId) : null),
      success: (horse, { data, t }) => ({
        title: "feesShares.sharesRemoved",
        description: msg("feesShares.sharesRemovedText", {
          horse: showInvisible(horse),
          date: dayIn(t, data.validFrom),
        }),
        to: horsePage(data.horseId),
      }),
    }),
  },
});

/** 3333 → "33,33" in Danish, "33.33" in English. */
function percentIn(t: AdminTranslate, hundredths: number) {
  return percentText(hundredths, langOf(t));
}

export default function FeesAndShares({ loaderData, actionData }: Route.ComponentProps) {
  const { rates, horses, problems, chosen, unknownHorse, owners, today, fetchError } = loaderData;
  const t = useAdminT();
  const { result, answerFor } = useTabForms(actionData);
  return (
    <TabPage toasts={[fetchError, result?.toast]}>
      <BillingSetupLinks />
      <RatesCard rates={rates} result={answerFor("rates")} />
      <ProblemsCard problems={problems} failed={!!fetchError} />
      <Card title={t("feesShares.horses")} titleId="billing-horses">
        {fetchError ? <FormError message={t("fetch.feesShares")} /> : null}
        {unknownHorse ? <FormError message={t("feesShares.unknownHorse")} /> : null}
        {horses.length === 0 && !fetchError ? (
          <p className="text-stone-600">{t("feesShares.noHorses")}</p>
        ) : (
          <>
            <p className="mb-3 text-stone-700">{t("feesShares.chooseHorse")}</p>
            <ul className="flex flex-wrap gap-2">
              {horses.map((h) => (
                <li key={h.id}>
                  <Link
                    to={horsePage(h.id)}
                    preventScrollReset
                    aria-current={chosen?.horseId === h.id ? "page" : undefined}
                    className={chosen?.horseId === h.id ? buttonClass.primary : buttonClass.small}
                  >
                    {showInvisible(h.name)}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
      {chosen ? (
        <HorseCard key={chosen.horseId} horse={chosen} owners={owners} today={today} answerFor={answerFor} />
      ) : null}
    </TabPage>
  );
}

function RatesCard({
  rates,
  result,
}: {
  rates: DayRates;
  result: ReturnType<ReturnType<typeof useTabForms>["answerFor"]>;
}) {
  const t = useAdminT();
  const lang = useLang();
  const form = useRecordForm(dayRatesSchema, result, "rates");
  return (
    <Card title={t("feesShares.rates")} titleId="day-rates">
      <p className="mb-4 text-stone-700">{t("feesShares.ratesIntro")}</p>
      <IntentForm intent="rates" titleId="day-rates" onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-3">
        {FEE_STATUSES.map((status) => (
          <MoneyField
            key={status}
            label={t("feesShares.rateFor", { status: STATUS_NAMES[lang][status] })}
            name={status}
            hint={rates[status] === null ? t("feesShares.rateHint") : undefined}
            defaultValue={form.val(status, rates[status] === null ? "" : formatAmount(rates[status]))}
            error={form.errors[status]}
          />
        ))}
        <p className="text-sm text-stone-600 sm:col-span-3">
          {HORSE_STATUSES.filter((s) => !isFeeStatus(s))
            .map((s) => t("feesShares.noFee", { status: STATUS_NAMES[lang][s] }))
            .join(" · ")}
        </p>
        <SaveOrCancel
          submitting={form.submitting}
          label={t("feesShares.saveRates")}
          className="flex gap-2 sm:col-span-3"
        />
      </IntentForm>
    </Card>
  );
}

function ProblemsCard({ problems, failed }: { problems: Problem[]; failed: boolean }) {
  const t = useAdminT();
  const lang = useLang();
  if (failed) return null;
  const day = (d: string) => formatDay(d, lang, d);
  const line = (p: Problem) => {
    const values = { horse: showInvisible(p.horseName), start: day(p.start), total: percentText(p.total, lang) };
    if (p.total === 0) {
      return p.end
        ? t("feesShares.problemNoneRange", { ...values, end: day(p.end) })
        : t("feesShares.problemNoneFrom", values);
    }
    return p.end ? t("feesShares.problemRange", { ...values, end: day(p.end) }) : t("feesShares.problemFrom", values);
  };
  return (
    <Card title={t("feesShares.problems")} titleId="share-problems">
      {problems.length === 0 ? (
        <p className="text-stone-700">{t("feesShares.noProblems")}</p>
      ) : (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="mb-2">{t("feesShares.problemsIntro")}</p>
          <ul className="list-disc space-y-1 pl-5">
            {problems.map((p) => (
              <li key={`${p.horseId}-${p.start}`}>
                <Link to={horsePage(p.horseId)} className="font-semibold underline underline-offset-4">
                  {line(p)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

const percentText = (hundredths: number, lang: "en" | "da") => {
  const text = sharePercentText(hundredths);
  return lang === "da" ? text.replace(".", ",") : text;
};

type AnswerFor = ReturnType<typeof useTabForms>["answerFor"];

/** A small form that sends a horse and a date (Remove). */
function RemoveButton({
  intent,
  horseId,
  day,
  label,
}: {
  intent: string;
  horseId: string;
  day: string;
  label: string;
}) {
  const t = useAdminT();
  const busy = useSubmitting(intent);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="horseId" value={horseId} />
      <input type="hidden" name="validFrom" value={day} />
      <button type="submit" className={buttonClass.danger} aria-label={label} disabled={busy}>
        {t("feesShares.remove")}
      </button>
    </Form>
  );
}

function HorseCard({
  horse,
  owners,
  today,
  answerFor,
}: {
  horse: HorseFacts;
  owners: { id: string; name: string }[];
  today: string;
  answerFor: AnswerFor;
}) {
  const t = useAdminT();
  const lang = useLang();
  const day = (d: string) => formatDay(d, lang, d);
  const ownerName = (party: string) =>
    party === STABLE ? t("feesShares.stablePart") : showInvisible(owners.find((o) => o.id === party)?.name ?? party);
  const statusForm = useRecordForm(horseStatusSchema, answerFor("status"), "status");
  const rateForm = useRecordForm(horseRateSchema, answerFor("rate"), "rate");
  const sharesResult = answerFor("shares");
  const sharesForm = useRecordForm(horseSharesSchema, sharesResult, "shares");
  // The shares form starts with the parts in effect today (or the latest set), owners first.
  const current = inEffect(horse.shares, today) ?? horse.shares[horse.shares.length - 1] ?? null;
  const ownerParts = current?.parts.filter((p) => p.party !== STABLE) ?? [];
  const stablePart = current?.parts.find((p) => p.party === STABLE);
  const hidden = <input type="hidden" name="horseId" value={horse.horseId} />;
  return (
    <Card title={t("feesShares.horseTitle", { name: showInvisible(horse.horseName) })} titleId="horse-billing">
      <div className="grid gap-8">
        <section aria-labelledby="horse-status" className="grid gap-3">
          <h3 id="horse-status" className="text-lg font-semibold text-brand-900">
            {t("feesShares.statusTitle")}
          </h3>
          <p className="text-sm text-stone-600">{t("feesShares.statusIntro")}</p>
          {horse.statuses.length === 0 ? (
            <p className="italic text-stone-700">{t("feesShares.noStatus")}</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {horse.statuses.map((s) => (
                <li key={s.validFrom} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {t("feesShares.statusFrom", { date: day(s.validFrom), status: STATUS_NAMES[lang][s.status] })}
                  </span>
                  <RemoveButton
                    intent="remove-status"
                    horseId={horse.horseId}
                    day={s.validFrom}
                    label={t("feesShares.removeStatusLabel", { date: day(s.validFrom) })}
                  />
                </li>
              ))}
            </ul>
          )}
          <IntentForm
            intent="status"
            titleId="horse-status"
            onSubmit={statusForm.onSubmit}
            className="grid gap-4 sm:grid-cols-3"
          >
            {hidden}
            <Field
              label={t("feesShares.validFrom")}
              name="validFrom"
              type="date"
              defaultValue={statusForm.val("validFrom", today)}
              error={statusForm.errors.validFrom ?? statusForm.errors.horseId}
            />
            <SelectField
              label={t("feesShares.status")}
              name="status"
              defaultValue={statusForm.val("status", "training")}
              error={statusForm.errors.status}
            >
              {HORSE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_NAMES[lang][s]}
                </option>
              ))}
            </SelectField>
            <SaveOrCancel
              submitting={statusForm.submitting}
              label={t("feesShares.saveStatus")}
              className="flex items-end gap-2"
            />
          </IntentForm>
        </section>

        <section aria-labelledby="horse-own-rate" className="grid gap-3">
          <h3 id="horse-own-rate" className="text-lg font-semibold text-brand-900">
            {t("feesShares.ownRateTitle")}
          </h3>
          <p className="text-sm text-stone-600">{t("feesShares.ownRateIntro")}</p>
          {horse.overrides.length === 0 ? (
            <p className="italic text-stone-700">{t("feesShares.noOwnRate")}</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {horse.overrides.map((o) => (
                <li key={`${o.status}-${o.validFrom}`} className="py-2">
                  {o.rateOere === null
                    ? t("feesShares.ownRateStandard", { date: day(o.validFrom), status: STATUS_NAMES[lang][o.status] })
                    : t("feesShares.ownRateFrom", {
                        date: day(o.validFrom),
                        status: STATUS_NAMES[lang][o.status],
                        rate: formatDkk(o.rateOere),
                      })}
                </li>
              ))}
            </ul>
          )}
          <IntentForm
            intent="rate"
            titleId="horse-own-rate"
            onSubmit={rateForm.onSubmit}
            className="grid gap-4 sm:grid-cols-4"
          >
            {hidden}
            <Field
              label={t("feesShares.validFrom")}
              name="validFrom"
              type="date"
              defaultValue={rateForm.val("validFrom", today)}
              error={rateForm.errors.validFrom ?? rateForm.errors.horseId}
            />
            <SelectField
              label={t("feesShares.status")}
              name="status"
              defaultValue={rateForm.val("status", "training")}
              error={rateForm.errors.status}
            >
              {FEE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_NAMES[lang][s]}
                </option>
              ))}
            </SelectField>
            <MoneyField
              label={t("feesShares.ownRate")}
              name="rate"
              defaultValue={rateForm.val("rate", "")}
              error={rateForm.errors.rate}
            />
            <SaveOrCancel
              submitting={rateForm.submitting}
              label={t("feesShares.saveOwnRate")}
              className="flex items-end gap-2"
            />
          </IntentForm>
        </section>

        <section aria-labelledby="horse-shares" className="grid gap-3">
          <h3 id="horse-shares" className="text-lg font-semibold text-brand-900">
            {t("feesShares.sharesTitle")}
          </h3>
          <p className="text-sm text-stone-600">{t("feesShares.sharesIntro")}</p>
          {horse.shares.length === 0 ? (
            <p className="italic text-stone-700">{t("feesShares.noShares")}</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {horse.shares.map((set) => {
                const total = set.parts.reduce((sum, p) => sum + p.hundredths, 0);
                return (
                  <li key={set.validFrom} className="flex flex-wrap items-start justify-between gap-2 py-2">
                    <div>
                      <p className={total === WHOLE_HUNDREDTHS ? "font-medium" : "font-medium text-red-800"}>
                        {t("feesShares.setFrom", { date: day(set.validFrom), total: percentText(total, lang) })}
                      </p>
                      <p className="text-stone-700">
                        {set.parts
                          .map((p) =>
                            t("feesShares.part", {
                              name: ownerName(p.party),
                              percent: percentText(p.hundredths, lang),
                            }),
                          )
                          .join(" · ")}
                      </p>
                    </div>
                    <RemoveButton
                      intent="remove-shares"
                      horseId={horse.horseId}
                      day={set.validFrom}
                      label={t("feesShares.removeSetLabel", { date: day(set.validFrom) })}
                    />
                  </li>
                );
              })}
            </ul>
          )}
          <h4 className="font-semibold text-stone-900">{t("feesShares.newSet")}</h4>
          <p className="text-sm text-stone-600">{t("feesShares.newSetHint")}</p>
          <IntentForm
            intent="shares"
            titleId="horse-shares"
            onSubmit={sharesForm.onSubmit}
            className="grid gap-4 sm:grid-cols-2"
          >
            {hidden}
            <div className="sm:col-span-2">
              <Field
                label={t("feesShares.validFrom")}
                name="validFrom"
                type="date"
                defaultValue={sharesForm.val("validFrom", today)}
                error={sharesForm.errors.validFrom ?? sharesForm.errors.horseId}
              />
            </div>
            {Array.from({ length: SHARE_ROWS }, (_, i) => {
              const n = i + 1;
              const part = ownerParts[i];
              return (
                <div key={n} className="grid gap-2 sm:col-span-2 sm:grid-cols-2">
                  <SelectField
                    label={t("feesShares.owner", { n })}
                    name={`owner${n}`}
                    defaultValue={sharesForm.val(`owner${n}`, part?.party ?? "")}
                    error={sharesForm.errors[`owner${n}`]}
                  >
                    <option value="">{t("feesShares.noOwner")}</option>
                    {owners.map((o) => (
                      <option key={o.id} value={o.id}>
                        {showInvisible(o.name)}
                      </option>
                    ))}
                  </SelectField>
                  <Field
                    label={t("feesShares.percent", { n })}
                    name={`share${n}`}
                    inputMode="decimal"
                    maxLength={7}
                    defaultValue={sharesForm.val(`share${n}`, part ? percentText(part.hundredths, lang) : "")}
                    error={sharesForm.errors[`share${n}`]}
                  />
                </div>
              );
            })}
            <Field
              label={t("feesShares.stablePercent")}
              name={STABLE_PART}
              inputMode="decimal"
              maxLength={7}
              defaultValue={sharesForm.val(STABLE_PART, stablePart ? percentText(stablePart.hundredths, lang) : "")}
              error={sharesForm.errors[STABLE_PART]}
            />
            <SaveOrCancel
              submitting={sharesForm.submitting}
              label={t("feesShares.saveShares")}
              className="flex items-end gap-2"
            />
          </IntentForm>
        </section>
      </div>
    </Card>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "tabs.feesShares");
