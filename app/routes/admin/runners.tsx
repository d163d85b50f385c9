import type { Route } from "./+types/runners";
import { Card } from "~/components/ui/card";
import { msg, type AdminKey } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { localResultText } from "~/i18n/results";
import { useLang } from "~/i18n/use-lang";
import { RecordFormShell, useRecordForm } from "./+shared/form-parts";
import {
  EditPanel,
  NoHorsesYet,
  RecordForms,
  TabPage,
  useTabForms,
  type RecordCards,
  type RecordFormProps,
} from "./+shared/tab-parts";
import { EditAndDelete, RecordList, RecordRow } from "./+shared/record-list";
import { RaceFields, type HorseOption } from "./+shared/race-fields";
import { ResultForm, ResultLink, resultTitle } from "./+shared/result-form";
import { listHorseNames } from "~/models/horse.server";
import {
  createRunner,
  declareRunner,
  deleteRunner,
  listAwaitingResults,
  listRecentResults,
  listUpcomingRunners,
  reinstateRunner,
  updateRunner,
  withdrawRunner,
  type Runner,
} from "~/models/runner.server";
import { RunnerStatusError } from "~/models/runner-change.server";
import { adminAction, intent, toTrash } from "./+shared/admin-action.server";
import { openTab, readForTab } from "./+shared/tab-reads.server";
import {
  declarationSchema,
  recordIdSchema,
  runnerEditSchema,
  runnerSchema,
  withdrawSchema,
} from "./+shared/admin-forms";
import {
  DeadlineField,
  DeclarationForm,
  StatusActions,
  StatusLines,
  WithdrawForm,
} from "./+shared/runner-status-forms";
import { requireChosenHorse } from "./+shared/chosen-horse.server";
import { recordResultIntent } from "./+shared/runner-result.server";
import { dhReviewIntents } from "./+shared/dh-review.server";
import { DhReview } from "./+shared/dh-review";
import { listReview, type ReviewItem } from "~/dh/dh-review.server";
import { formatDanishDate, formatPrize, orFallback } from "~/racing/format";
import { danishToday } from "~/racing/race-day";
import { pathTo } from "~/pages/registry";

const TAB = "/admin/runners";

const STATUS_REFUSALS: Record<RunnerStatusError["reason"], AdminKey> = {
  "has-result": "runners.hasResult",
  withdrawn: "runners.isWithdrawn",
  "not-withdrawn": "runners.notWithdrawn",
  "race-passed": "runners.racePassed",
};

/** A status change the runner's state does not allow: a toast saying why, nothing written. */
const refuseStatus = (error: unknown) =>
  error instanceof RunnerStatusError ? { toast: STATUS_REFUSALS[error.reason], status: 409 } : undefined;
const RECENT_RESULTS = 20;

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const today = danishToday();
  const [runners, horses] = await Promise.all([
    readForTab(
      t,
      "runners",
      () => Promise.all([listUpcomingRunners(today), listAwaitingResults(today), listRecentResults(RECENT_RESULTS)]),
      [[], [], []] as [Runner[], Runner[], Runner[]],
    ),
    readForTab(t, "horses", () => listHorseNames(), [] as HorseOption[]),
  ]);
  const dh = await readForTab(t, "dhReview", () => listReview(), [] as ReviewItem[]);
  const [upcoming, awaiting, results] = runners.value;
  return {
    today,
    upcoming,
    awaiting,
    results,
    horses: horses.value,
    fetchError: runners.error ?? horses.error,
    dhReview: dh.value,
    dhError: dh.error,
  };
}

export const action = adminAction({
  tab: TAB,
  otherFailure: "runners.updateFailed",
  intents: {
    create: intent({
      schema: runnerSchema,
      failure: "runners.addFailed",
      prepare: requireChosenHorse,
      write: ({ data }) => createRunner(data),
      success: (runner, { data }) => ({
        title: "runners.added",
        description: msg("runners.addedText", { race: data.raceName }),
        show: runner.id,
      }),
    }),
    update: intent({
      schema: runnerEditSchema,
      failure: "runners.updateFailed",
      prepare: requireChosenHorse,
      write: ({ data: { id, ...runner } }) => updateRunner(id, runner),
      success: (_, { data }) => ({ title: "runners.updated", description: "runners.updatedText", show: data.id }),
    }),
    result: recordResultIntent,
    declare: intent({
      schema: declarationSchema,
      failure: "runners.declareFailed",
      write: ({ data: { id, ...declaration } }) => declareRunner(id, declaration),
      refuse: refuseStatus,
      success: (_, { data }) => ({ title: "runners.declared", description: "runners.declaredText", show: data.id }),
    }),
    withdraw: intent({
      schema: withdrawSchema,
      failure: "runners.withdrawFailed",
      write: ({ data }) => withdrawRunner(data.id, data.reason),
      refuse: refuseStatus,
      success: (_, { data }) => ({ title: "runners.withdrawn", description: "runners.withdrawnText", show: data.id }),
    }),
    reinstate: intent({
      schema: recordIdSchema,
      failure: "runners.reinstateFailed",
      write: ({ data }) => reinstateRunner(data.id, danishToday()),
      refuse: refuseStatus,
      success: (_, { data }) => ({ title: "runners.reinstated", description: "runners.reinstatedText", show: data.id }),
    }),
    // A win's victory photo stays until the trash entry is purged, so that Undo brings it back.
    delete: toTrash(deleteRunner, "runners.deleteFailed"),
    ...dhReviewIntents,
  },
});

export default function RunnersTab({ loaderData, actionData }: Route.ComponentProps) {
  const { today, upcoming, awaiting, results, horses, fetchError, dhReview, dhError } = loaderData;
  const t = useAdminT();
  const tab = useTabForms(actionData);
  const all = [...upcoming, ...awaiting, ...results];
  const recording = tab.opened(all, "result");
  const declaring = tab.opened(upcoming, "declare");
  const withdrawing = tab.opened(upcoming, "withdraw");
  const cards: RecordCards<Runner> = {
    add: { title: t("runners.add"), titleId: "add-runner" },
    edit: { title: () => t("runners.edit"), titleId: "edit-runner" },
  };
  const list = (title: string, titleId: string, empty: string, runners: Runner[]) => (
    <Card title={title} titleId={titleId}>
      <RecordList fetchError={fetchError} empty={empty} records={runners}>
        {(runner) => <RunnerRow key={runner.id} runner={runner} today={today} />}
      </RecordList>
    </Card>
  );
  return (
    <TabPage toasts={[fetchError, dhError, tab.result?.toast]}>
      <DhReview items={dhReview} />
      {/* Race day's work first: what has run and waits for its result. */}
      {list(t("runners.awaiting"), "awaiting-results", t("runners.awaitingEmpty"), awaiting)}
      <RecordForms
        tab={tab}
        records={all}
        cards={cards}
        form={(props) => <RunnerForm {...props} horses={horses} />}
        addInstead={horses.length === 0 && !fetchError ? <NoHorsesYet /> : undefined}
      />
      {recording && recording.raceDate <= today ? (
        <EditPanel
          key={`result-${recording.id}`}
          openKey={recording.id}
          title={resultTitle(recording, t)}
          titleId="record-result"
        >
          <ResultForm
            runner={recording}
            result={tab.answerFor("result", recording.id)}
            titleId="record-result"
            cancelTo={TAB}
          />
        </EditPanel>
      ) : null}
      {declaring && !declaring.result && declaring.status !== "withdrawn" ? (
        <EditPanel
          key={`declare-${declaring.id}`}
          openKey={declaring.id}
          title={t("runners.declareTitle")}
          titleId="declare-runner"
        >
          <DeclarationForm
            runner={declaring}
            result={tab.answerFor("declare", declaring.id)}
            titleId="declare-runner"
            cancelTo={TAB}
          />
        </EditPanel>
      ) : null}
      {withdrawing && !withdrawing.result && withdrawing.status !== "withdrawn" ? (
        <EditPanel
          key={`withdraw-${withdrawing.id}`}
          openKey={withdrawing.id}
          title={t("runners.withdrawTitle")}
          titleId="withdraw-runner"
        >
          <WithdrawForm
            runner={withdrawing}
            result={tab.answerFor("withdraw", withdrawing.id)}
            titleId="withdraw-runner"
            cancelTo={TAB}
          />
        </EditPanel>
      ) : null}
      {list(t("runners.upcoming"), "upcoming-runners", t("runners.upcomingEmpty"), upcoming)}
      {list(t("runners.recent"), "recent-results", t("runners.recentEmpty"), results)}
    </TabPage>
  );
}

function RunnerRow({ runner, today }: { runner: Runner; today: string }) {
  const t = useAdminT();
  const lang = useLang();
  const label = `${runner.raceName} (${runner.horseName})`;
  return (
    <RecordRow
      recordId={runner.id}
      publicPage={{ href: pathTo("runners"), name: label }}
      actions={
        <>
          <StatusActions runner={runner} today={today} label={label} />
          {runner.raceDate <= today && runner.status !== "withdrawn" ? <ResultLink runner={runner} /> : null}
          <EditAndDelete id={runner.id} name={label} />
        </>
      }
    >
      <p className="text-base font-semibold text-stone-900">{runner.horseName}</p>
      <p className="text-stone-800">{runner.raceName}</p>
      <p className="text-stone-700">
        {formatDanishDate(runner.raceDate)}
        {runner.postTime ? ` ${runner.postTime}` : ""} · {orFallback(runner.track, t("race.unknownTrack"))}
        {runner.distance ? ` · ${runner.distance}` : ""}
      </p>
      <p className="text-stone-700">
        {t("race.jockeyLine", { jockey: orFallback(runner.jockey, t("race.unknownJockey")) })}
      </p>
      <StatusLines runner={runner} />
      {runner.result ? (
        <p className="font-medium text-brand-700">
          {localResultText(runner.result, lang, t)} · {formatPrize(runner.result.prizeOre, t("runners.noPrize"))}
        </p>
      ) : null}
    </RecordRow>
  );
}

function RunnerForm({
  intent,
  titleId,
  record: runner,
  horses,
  result,
}: RecordFormProps<Runner> & { horses: HorseOption[] }) {
  const t = useAdminT();
  const schema = intent === "create" ? runnerSchema : runnerEditSchema;
  const form = useRecordForm(schema, result, intent, runner);
  return (
    <RecordFormShell form={form} titleId={titleId} addLabel={t("runners.addButton")} cancelTo={TAB}>
      <RaceFields
        form={form}
        horses={horses}
        horseId={runner?.horseId}
        afterDate={form.field("postTime", t("runners.postTime"), {
          type: "time",
          hint: t("runners.postTimeHint"),
        })}
      />
      <DeadlineField
        form={form}
        name="declarationDeadline"
        label={t("runners.declarationDeadline")}
        shown={runner?.declarationDeadline}
      />
      <DeadlineField
        form={form}
        name="withdrawalDeadline"
        label={t("runners.withdrawalDeadline")}
        shown={runner?.withdrawalDeadline}
      />
    </RecordFormShell>
  );
}
