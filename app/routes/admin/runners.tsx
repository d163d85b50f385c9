import type { Route } from "./+types/runners";
import { Card } from "~/components/ui/card";
import { SelectField } from "~/components/ui/field";
import { RecordFormShell, useRecordForm } from "./+shared/form-parts";
import {
  EditPanel,
  RecordForms,
  TabPage,
  useTabForms,
  type RecordCards,
  type RecordFormProps,
} from "./+shared/tab-parts";
import { EditAndDelete, OpenLink, RecordList, RecordRow } from "./+shared/record-list";
import { PrizeField, RaceFields, type HorseOption } from "./+shared/race-fields";
import { listHorses, type Horse } from "~/models/horse.server";
import { listAwaitingResults, listRecentResults, listUpcomingRunners, type Runner } from "~/models/runner.server";
import { createRunner, deleteRunner, RaceNotRunError, recordResult, updateRunner } from "~/models/runner.server";
import { adminAction, intent, toTrash, type AdminActionData } from "./+shared/admin-action.server";
import { readForTab } from "./+shared/tab-reads.server";
import { DID_NOT_FINISH, resultSchema, runnerEditSchema, runnerSchema } from "./+shared/admin-forms";
import { requireChosenHorse } from "./+shared/chosen-horse.server";
import { requireAdmin } from "~/auth/auth.server";
import { formatDanishDate, formatPrize, orFallback } from "~/racing/format";
import { danishToday, resultText } from "~/racing/race-day";

const TAB = "/admin/runners";
const RECENT_RESULTS = 20;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const today = danishToday();
  const [runners, horses] = await Promise.all([
    readForTab(
      "runners",
      () => Promise.all([listUpcomingRunners(today), listAwaitingResults(today), listRecentResults(RECENT_RESULTS)]),
      [[], [], []] as [Runner[], Runner[], Runner[]],
    ),
    readForTab("horses", () => listHorses(), [] as Horse[]),
  ]);
  const [upcoming, awaiting, results] = runners.value;
  return {
    today,
    upcoming,
    awaiting,
    results,
    horses: horses.value.map((h) => ({ id: h.id, name: h.name })),
    fetchError: runners.error ?? horses.error,
  };
}

export const action = adminAction({
  tab: TAB,
  otherFailure: "Failed to update runner",
  intents: {
    create: intent({
      schema: runnerSchema,
      failure: "Failed to add runner",
      prepare: requireChosenHorse,
      write: ({ data }) => createRunner(data),
      success: (_, { data }) => ({
        title: "Runner Added",
        description: `${data.raceName} has been added to the runners.`,
      }),
    }),
    update: intent({
      schema: runnerEditSchema,
      failure: "Failed to update runner",
      prepare: requireChosenHorse,
      write: ({ data: { id, ...runner } }) => updateRunner(id, runner),
      success: { title: "Runner Updated", description: "The runner has been saved." },
    }),
    result: intent({
      schema: resultSchema,
      failure: "Failed to record result",
      write: ({ data: { id, position, prize } }) => recordResult(id, { ...position, prizeOre: prize }, danishToday()),
      refuse: (error) =>
        error instanceof RaceNotRunError
          ? { errors: { position: "The race has not been run yet" }, toast: error.message }
          : undefined,
      success: { title: "Result Recorded", description: "The result has been saved to the horse's record." },
    }),
    // A win's victory photo stays until the trash entry is purged, so that Undo brings it back.
    delete: toTrash(deleteRunner, "Failed to delete runner"),
  },
});

/** The headings of the add and edit cards. */
const CARDS: RecordCards<Runner> = {
  add: { title: "Add Runner", titleId: "add-runner" },
  edit: { title: () => "Edit Runner", titleId: "edit-runner" },
};

export default function RunnersTab({ loaderData, actionData }: Route.ComponentProps) {
  const { today, upcoming, awaiting, results, horses, fetchError } = loaderData;
  const tab = useTabForms(actionData);
  const all = [...upcoming, ...awaiting, ...results];
  const recording = tab.opened(all, "result");
  const lists = [
    {
      title: "Upcoming Runners",
      titleId: "upcoming-runners",
      empty: "No upcoming runners. Add the next one above.",
      runners: upcoming,
    },
    {
      title: "Awaiting Results",
      titleId: "awaiting-results",
      empty: "No runners are waiting for a result.",
      runners: awaiting,
    },
    { title: "Recent Results", titleId: "recent-results", empty: "No results recorded yet.", runners: results },
  ];
  return (
    <TabPage toasts={[fetchError, tab.result?.toast]}>
      <RecordForms tab={tab} records={all} cards={CARDS} form={(props) => <RunnerForm {...props} horses={horses} />} />
      {recording && recording.raceDate <= today ? (
        <EditPanel key={`result-${recording.id}`} openKey={recording.id} title="Record Result" titleId="record-result">
          <ResultForm runner={recording} result={tab.answerFor("result", recording.id)} />
        </EditPanel>
      ) : null}
      {lists.map(({ title, titleId, empty, runners }) => (
        <Card key={titleId} title={title} titleId={titleId}>
          <RecordList fetchError={fetchError} empty={empty} records={runners}>
            {(runner) => <RunnerRow key={runner.id} runner={runner} today={today} />}
          </RecordList>
        </Card>
      ))}
    </TabPage>
  );
}

function RunnerRow({ runner, today }: { runner: Runner; today: string }) {
  const label = `${runner.raceName} (${runner.horseName})`;
  return (
    <RecordRow
      actions={
        <>
          {runner.raceDate <= today ? (
            <OpenLink param="result" id={runner.id} label={`Record Result: ${label}`}>
              Record Result
            </OpenLink>
          ) : null}
          <EditAndDelete id={runner.id} name={label} />
        </>
      }
    >
      <p className="text-base font-semibold text-stone-900">{runner.horseName}</p>
      <p className="text-stone-800">{runner.raceName}</p>
      <p className="text-stone-700">
        {formatDanishDate(runner.raceDate)}
        {runner.postTime ? ` ${runner.postTime}` : ""} · {orFallback(runner.track, "Unknown Track")}
        {runner.distance ? ` · ${runner.distance}` : ""}
      </p>
      <p className="text-stone-700">Jockey: {orFallback(runner.jockey, "Unknown Jockey")}</p>
      {runner.result ? (
        <p className="font-medium text-brand-700">
          {resultText(runner.result)} · {formatPrize(runner.result.prizeOre, "No prize")}
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
  const schema = intent === "create" ? runnerSchema : runnerEditSchema;
  const form = useRecordForm(schema, result, intent, runner);
  return (
    <RecordFormShell form={form} titleId={titleId} addLabel="Add Runner" cancelTo={TAB}>
      <RaceFields
        form={form}
        horses={horses}
        horseId={runner?.horseId}
        afterDate={form.field("postTime", "Post Time", {
          type: "time",
          hint: "Danish time. Leave it empty until the time is known.",
        })}
      />
    </RecordFormShell>
  );
}

const POSITIONS = Array.from({ length: 30 }, (_, i) => i + 1);

function ResultForm({ runner, result }: { runner: Runner; result: AdminActionData | undefined }) {
  const form = useRecordForm(resultSchema, result, "result", runner);
  const { errors, val } = form;
  const recorded = runner.result;
  const shownPosition = recorded ? (recorded.didNotFinish ? DID_NOT_FINISH : String(recorded.position)) : "";
  return (
    <RecordFormShell form={form} titleId="record-result" label="Save Result" cancelTo={TAB}>
      <p className="text-sm text-stone-700 sm:col-span-2">
        {runner.horseName} · {runner.raceName} · {formatDanishDate(runner.raceDate)}
      </p>
      <SelectField
        label="Position"
        name="position"
        required
        defaultValue={val("position", shownPosition)}
        error={errors.position}
      >
        <option value="">Select the position</option>
        {POSITIONS.map((p) => (
          <option key={p} value={String(p)}>
            {p}
          </option>
        ))}
        <option value={DID_NOT_FINISH}>Did not finish</option>
      </SelectField>
      <PrizeField
        form={form}
        prizeOre={recorded?.prizeOre}
        note="A win is added to the victories; any prize is added to the horse's total prize money."
      />
    </RecordFormShell>
  );
}
